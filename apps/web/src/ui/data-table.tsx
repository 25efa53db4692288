import { Loader, Table, Text, type TableProps, type TableTdProps, type TableTrProps } from '@mantine/core';
import type { Key, ReactNode } from 'react';
import { ErrorNotice } from './page';

/** One column of a list: its header (none for a column of row actions) and what each row shows in it. */
export interface Column<T> {
  header?: string;
  cell: (row: T) => ReactNode;
  cellProps?: TableTdProps;
}

/** What a list needs of a TanStack query; a page may hand in its own rows in place of the query's. */
export interface ListQuery<T> {
  isPending: boolean;
  error: unknown;
  data: readonly T[] | undefined;
}

/**
 * A list page's table with its states: the query's error, a loader while it is pending, the empty text
 * once it has answered with no rows, else the rows, keyed by their ids. `error` stands in for the query's where the page's
 * row actions can fail too; without `empty` an empty list keeps its headers. Columns given as `false` are
 * left out, so a page can show a column only to some roles.
 */
export function DataTable<T extends { id: Key }>({
  query,
  error = query.error,
  loadingLabel,
  empty,
  columns,
  rowProps,
  minWidth = 640,
  tableProps = { striped: true },
}: {
  query: ListQuery<T>;
  error?: unknown;
  loadingLabel: string;
  empty?: ReactNode;
  columns: readonly (Column<T> | false)[];
  rowProps?: (row: T) => TableTrProps;
  minWidth?: number;
  tableProps?: TableProps;
}) {
  const shown = columns.filter((c): c is Column<T> => c !== false);
  return (
    <>
      <ErrorNotice error={error} />
      {query.isPending ? (
        <Loader aria-label={loadingLabel} />
      ) : empty !== undefined && query.data && query.data.length === 0 ? (
        typeof empty === 'string' ? <Text c="dimmed">{empty}</Text> : empty
      ) : (
        <Table.ScrollContainer minWidth={minWidth}>
          <Table {...tableProps}>
            <Table.Thead>
              <Table.Tr>
                {shown.map((c, i) => (
                  <Table.Th key={i}>{c.header}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(query.data ?? []).map((row) => (
                <Table.Tr key={row.id} {...rowProps?.(row)}>
                  {shown.map((c, i) => (
                    <Table.Td key={i} {...c.cellProps}>
                      {c.cell(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
