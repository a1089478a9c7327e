import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventInput } from '@gogo/shared/api';
import * as events from '@gogo/shared/api/endpoints/events';
import { call } from '../../../lib/api/call';
import { queryKeys } from '../../../lib/api/keys';

const listKey = queryKeys.of(events.adminListEvents);

export const useAdminEvents = () =>
  useQuery({ queryKey: listKey, queryFn: async () => (await call(events.adminListEvents)).events });

/** Create (no id) or edit (id) an event; the list reads again either way. */
export function useSaveEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: EventInput }) =>
      id === null ? call(events.adminCreateEvent, { body }) : call(events.adminUpdateEvent, { params: { id }, body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: listKey }),
  });
}

export function useCancelEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(events.adminCancelEvent, { params: { id } }),
    onSettled: () => void client.invalidateQueries({ queryKey: listKey }),
  });
}
