// Route-level pieces every schema file uses. The resources and request bodies
// themselves are the contract's (@stride/shared/contract), declared once;
// User, Goal, Task and Error are registered with `addSchema` (plugins/external/
// swagger.ts), so the OpenAPI document names them and answers refer to them.
import { Type } from '@sinclair/typebox';
import { ApiErrorSchema, RefTo, UserSchema } from '@stride/shared/contract';

export { ApiErrorSchema as errorSchema, UserSchema as userSchema };

export const userEnvelope = Type.Object({ user: RefTo(UserSchema) });

export const okSchema = Type.Object({ ok: Type.Boolean() });

/** One `Error` response schema per listed status code. */
export function errorResponses(...codes: number[]): Record<number, ReturnType<typeof errorRef>> {
  return Object.fromEntries(codes.map((code) => [code, errorRef()]));
}

const errorRef = () => RefTo(ApiErrorSchema);
