// The two clients the dev identity provider registers, shared by the provider
// and the API. Kept apart from the provider itself so that importing these
// constants never loads oidc-provider. Not secrets: they only work against the
// local dev provider, which refuses to run in production.
export const DEV_GOOGLE_CLIENT = { id: 'stride-dev-google', secret: 'stride-dev-google-secret' };
export const DEV_APPLE_CLIENT = { id: 'stride-dev-apple', secret: 'stride-dev-apple-secret' };

export const devIssuer = (port: number) => `http://127.0.0.1:${port}`;
