/**
 * The back office's tables: TanStack Table (headless) with sortable headers, a column chooser and
 * an empty state. Paging and filters run on the server (each screen passes its page), so a table
 * never holds more than a page.
 */
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table';
import { useState } from 'react';
import styles from './admin.module.css';

export function DataTable<T>({
  data,
  columns,
  label,
  empty = '항목이 없어요.',
}: {
  data: T[];
  columns: ColumnDef<T, unknown>[];
  label: string;
  empty?: string;
}) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const [visibility, setVisibility] = useState<VisibilityState>({});
  const table = useReactTable({
    data,
    columns,
    state: { sorting, columnVisibility: visibility },
    onSortingChange: setSorting,
    onColumnVisibilityChange: setVisibility,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  return (
    <>
      <details className={styles.toolbar}>
        <summary>표시할 열</summary>
        {table.getAllLeafColumns().map((c) => (
          <label key={c.id}>
            <input type="checkbox" checked={c.getIsVisible()} onChange={c.getToggleVisibilityHandler()} />{' '}
            {typeof c.columnDef.header === 'string' ? c.columnDef.header : c.id}
          </label>
        ))}
      </details>
      <table className={styles.table} aria-label={label}>
        <thead>
          {table.getHeaderGroups().map((g) => (
            <tr key={g.id}>
              {g.headers.map((h) => {
                const sorted = h.column.getIsSorted();
                return (
                  <th
                    key={h.id}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                  >
                    {h.column.getCanSort() ? (
                      <button type="button" onClick={h.column.getToggleSortingHandler()}>
                        {flexRender(h.column.columnDef.header, h.getContext())}
                        {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                      </button>
                    ) : (
                      flexRender(h.column.columnDef.header, h.getContext())
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.length === 0 ? (
            <tr>
              <td colSpan={table.getVisibleLeafColumns().length} className={styles.muted}>
                {empty}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((r) => (
              <tr key={r.id}>
                {r.getVisibleCells().map((c) => (
                  <td key={c.id}>{flexRender(c.column.columnDef.cell, c.getContext())}</td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </>
  );
}
