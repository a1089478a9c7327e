import { Alert } from './Alert';
import './ListState.css';

/**
 * What a list shows instead of its rows: 'Loading...' on the first load, the error when it failed,
 * or its empty state; nothing once there are rows.
 */
export function ListState({
  loading,
  error,
  empty,
  emptyText,
}: {
  loading: boolean;
  error: unknown;
  empty: boolean;
  emptyText: string;
}) {
  if (loading) {
    return (
      <p className="list-state" role="status">
        Loading...
      </p>
    );
  }
  if (error) return <Alert kind="error">Could not load this list. It will retry shortly.</Alert>;
  if (empty) return <p className="list-state list-state--empty">{emptyText}</p>;
  return null;
}
