import './Pager.css';
import { formatCount } from '@gogo/shared/messages';

export interface PageInfo {
  page: number;
  pages: number;
  total: number;
  limit: number;
}

/** 'first–last of total', Previous, 'Page n of m', Next: a list's pages as a labelled navigation. */
export function Pager({
  pagination,
  onPage,
  label,
}: {
  pagination: PageInfo;
  onPage: (page: number) => void;
  label: string;
}) {
  const { page, pages, total, limit } = pagination;
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  return (
    <nav className="pager" aria-label={label}>
      <span>
        {formatCount(first)}–{formatCount(last)} of {formatCount(total)}
      </span>
      <button type="button" className="button button--ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span aria-current="page">
        Page {page} of {pages}
      </span>
      <button type="button" className="button button--ghost" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
