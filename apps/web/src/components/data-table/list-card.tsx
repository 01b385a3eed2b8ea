import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { ListPaging } from '@/lib/use-list-params';
import { DataTableEmpty } from './data-table-states';
import { ListSearch } from './list-search';
import { Pagination } from './pagination';

/** What a list card needs of `useListParams`: its search box and its paging. */
export interface ListCardState {
  query: { search?: string | undefined };
  searchText: string;
  setSearchText: (value: string) => void;
  clearSearch: () => void;
  paging: ListPaging;
}

/**
 * The frame of a list screen: the search box (and any other controls) above the table, the pagination
 * under it. `noun` names the rows in the empty state of a search ("No stores match “berlin”.").
 */
export function ListCard({
  list,
  search,
  total,
  toolbar,
  children,
}: {
  list: ListCardState;
  search: { label: string; placeholder: string };
  total: number;
  toolbar?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-center gap-3 border-b border-border p-4">
        <ListSearch
          label={search.label}
          placeholder={search.placeholder}
          value={list.searchText}
          onChange={list.setSearchText}
        />
        {toolbar}
      </div>
      {children}
      <Pagination {...list.paging} total={total} />
    </Card>
  );
}

/** The empty state of a list: nothing matches the search (with a way out), or the list has no rows yet. */
export function ListEmpty({
  list,
  noun,
  whenEmpty,
}: {
  list: ListCardState;
  noun: string;
  whenEmpty: ReactNode;
}) {
  if (!list.query.search) return whenEmpty;
  return (
    <DataTableEmpty
      title={
        <>
          No {noun} match “{list.query.search}”.
        </>
      }
      action={
        <Button variant="outline" size="sm" onClick={list.clearSearch}>
          Clear search
        </Button>
      }
    />
  );
}
