import { Loader, Table, Text, type TableProps, type TableTdProps, type TableTrProps } from '@mantine/core';
import { Fragment, type Key, type ReactNode } from 'react';
import { ErrorNotice } from './page';

/** One column of a list: its header (none for a column of row actions) and what each row shows in it. */
export interface Column<T> {
  header?: ReactNode;
  cell: (row: T) => ReactNode;
  cellProps?: TableTdProps;
}

/** What a list needs of a TanStack query; a page may hand in its own rows in place of the query's. */
export interface ListQuery<T> {
  isPending: boolean;
  error: unknown;
  data: readonly T[] | undefined;
}

type TableShape<T> = {
  columns: readonly (Column<T> | false)[];
  rowProps?: (row: T) => TableTrProps & { [data: `data-${string}`]: string | undefined };
  /** A row's detail, shown under it across every column (null while it is closed). */
  detail?: (row: T) => ReactNode;
  footer?: ReactNode;
  minWidth?: number;
  tableProps?: TableProps;
  /** What tells rows apart where they have no `id` (their place, for lines that never move). */
  rowKey?: (row: T, index: number) => Key;
};

/**
 * Rows already at hand (a pay run's payslips, a drawer's lines) under their columns' headers. Columns
 * given as `false` are left out, so a page can show a column only to some roles.
 */
export function RowsTable<T>({ rows, columns, rowKey, rowProps, detail, footer, minWidth = 640, tableProps = { striped: true } }: TableShape<T> & { rows: readonly T[] }) {
  const shown = columns.filter((c): c is Column<T> => c !== false);
  const keyOf = rowKey ?? ((row: T) => (row as { id: Key }).id);
  return (
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
          {rows.map((row, index) => {
            const more = detail?.(row);
            return (
              <Fragment key={keyOf(row, index)}>
                <Table.Tr {...rowProps?.(row)}>
                  {shown.map((c, i) => (
                    <Table.Td key={i} {...c.cellProps}>
                      {c.cell(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
                {more ? (
                  <Table.Tr>
                    <Table.Td colSpan={shown.length}>{more}</Table.Td>
                  </Table.Tr>
                ) : null}
              </Fragment>
            );
          })}
        </Table.Tbody>
        {footer ? <Table.Tfoot>{footer}</Table.Tfoot> : null}
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * A list page's table with its states: the query's error, a loader while it is pending, the empty text
 * once it has answered with no rows, else the rows. `error` stands in for the query's where the page's
 * row actions can fail too; without `empty` an empty list keeps its headers.
 */
export function DataTable<T>(
  props: TableShape<T> & {
    query: ListQuery<T>;
    error?: unknown;
    loadingLabel: string;
    empty?: ReactNode;
  },
) {
  const { query, error = query.error, loadingLabel, empty } = props;
  return (
    <>
      <ErrorNotice error={error} />
      {query.isPending ? (
        <Loader aria-label={loadingLabel} />
      ) : empty !== undefined && query.data && query.data.length === 0 ? (
        typeof empty === 'string' ? <Text c="dimmed">{empty}</Text> : empty
      ) : (
        <RowsTable {...props} rows={query.data ?? []} />
      )}
    </>
  );
}
