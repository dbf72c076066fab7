// The user's labels (GET /labels/) and the writes of the label manager.
// Their key sits under `work`, so any write of a task (which can make a
// label, or change how many tasks carry one) and live sync refetch them.
import { apiRequest, queryKeys } from '@stride/shared';
import type { Label, LabelInput, LabelPatch } from '@stride/shared/contract';
import { labelKey } from '@stride/shared/labels';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useMemo } from 'react';

export const labelsQueryKey = [...queryKeys.workData, 'labels'] as const;
// One empty list until the answer comes: the colour map and its context stay the same meanwhile.
const NO_LABELS: Label[] = [];

const labelsApi = {
  list: (signal?: AbortSignal) => apiRequest<{ items: Label[] }>('/labels/', { signal }),
  create: (input: LabelInput) =>
    apiRequest<{ label: Label }>('/labels/', { method: 'POST', body: input }),
  update: (id: string, patch: LabelPatch) =>
    apiRequest<{ label: Label }>(`/labels/${id}/`, { method: 'PATCH', body: patch }),
  remove: (id: string) => apiRequest<{ ok: boolean }>(`/labels/${id}/`, { method: 'DELETE' }),
};

/** Every label of the user, by name. */
export function useLabels() {
  const query = useQuery({
    queryKey: labelsQueryKey,
    queryFn: ({ signal }) => labelsApi.list(signal).then((answer) => answer.items),
  });
  // Only what callers read: a query re-renders for the fields read (TanStack's tracked
  // results), and a spread reads them all, so each fetch's start and end redrew the page.
  return { labels: query.data ?? NO_LABELS, isPending: query.isPending };
}

/** Each label's colour by its name's key, for the chips of a list (LabelColors below). */
export function useLabelColorMap(): ReadonlyMap<string, Label['color']> {
  const { labels } = useLabels();
  return useMemo(
    () => new Map(labels.map((label) => [labelKey(label.name), label.color])),
    [labels],
  );
}

/** Given once per page, so a thousand rows read one map rather than each watching the query. */
export const LabelColors = createContext<ReadonlyMap<string, Label['color']>>(new Map());
export const useLabelColor = (name: string) => useContext(LabelColors).get(labelKey(name));

function useLabelWrite<A>(write: (args: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.workData }),
  });
}

export const useCreateLabel = () => useLabelWrite((input: LabelInput) => labelsApi.create(input));
export const useUpdateLabel = () =>
  useLabelWrite(({ id, patch }: { id: string; patch: LabelPatch }) => labelsApi.update(id, patch));
export const useDeleteLabel = () => useLabelWrite((id: string) => labelsApi.remove(id));
