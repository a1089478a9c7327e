import { useQuery } from '@tanstack/react-query';
import * as chain from '@gogo/shared/api/endpoints/chain';
import { call } from '../../../lib/api/call';
import { adminKeys } from './keys';

/** The watcher polls the node every few seconds; the panel follows it at this pace. */
const CHAIN_PANEL_POLL_MS = 10_000;

/** The chain watcher (last block, lag, errors) and the latest automatic deposits with their chain facts. */
export const useAdminChain = () =>
  useQuery({
    queryKey: adminKeys.chain,
    queryFn: () => call(chain.adminChain),
    refetchInterval: CHAIN_PANEL_POLL_MS,
  });
