import { ZDataSourceListQuerySchema } from '@feedloom/validation';
import { Download, FileSpreadsheet, FileUp, Upload } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { DataTable } from '@/components/data-table/data-table';
import { DataTableEmpty } from '@/components/data-table/data-table-states';
import { ListCard, ListEmpty } from '@/components/data-table/list-card';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useSnackbar } from '@/components/ui/snackbar';
import { useRequiredSession } from '@/features/auth/use-session';
import { trpc } from '@/lib/trpc';
import { useListParams } from '@/lib/use-list-params';
import { dataSourceColumns } from './data-source-columns';
import { DeleteDataSourceDialog } from './delete-data-source-dialog';
import { ExportCsvDialog } from './export-csv-dialog';
import { ImportCsvDialog } from './import-csv-dialog';
import { ImportUpdateCsvDialog } from './import-update-csv-dialog';
import { RunHistory } from './run-history';
import {
  shopDataSourcesPath,
  useCanManageDataSources,
  useRefreshDataSources,
  type DataSource,
} from './use-data-sources';

/** /data-sources: the data sources of the active store. */
export function DataSourcesScreen() {
  const session = useRequiredSession();
  const shopId = session.active_shop_id;
  return (
    <DataSourcesPage
      shopId={shopId}
      description="The CSV files and CSV URLs that bring products into your active store."
    />
  );
}

/** /data-source/{shop_id}: a store's sources, and the import history of the one chosen (`?source=`). */
export function ShopDataSourcesScreen() {
  const { shop_id: shopId = '' } = useParams();
  const [params] = useSearchParams();
  const sourceId = params.get('source');
  const canManage = useCanManageDataSources();
  const source = trpc.dataSources.get.useQuery(
    { shop_id: shopId, id: sourceId ?? '' },
    { enabled: Boolean(sourceId) },
  );
  return (
    <DataSourcesPage
      shopId={shopId}
      description="This store’s CSV files and CSV URLs, and what each import did."
    >
      {sourceId ? (
        <Card className="p-4">
          {source.data ? (
            <RunHistory source={source.data} canManage={canManage} />
          ) : source.isError ? (
            <p>This data source could not be loaded.</p>
          ) : (
            <div className="grid gap-3" aria-busy="true" aria-label="Loading import history">
              <Skeleton className="h-6 w-64" />
              <Skeleton className="h-24" />
            </div>
          )}
        </Card>
      ) : null}
    </DataSourcesPage>
  );
}

function DataSourcesPage({
  shopId,
  description,
  children,
}: {
  shopId: string | null;
  description: string;
  children?: ReactNode;
}) {
  const canManage = useCanManageDataSources();
  const [importing, setImporting] = useState<{ source: DataSource | null } | null>(null);
  const openImport = () => setImporting({ source: null });
  const [exporting, setExporting] = useState(false);
  const [updating, setUpdating] = useState(false);

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeader
        title="Data sources"
        description={description}
        actions={
          shopId ? (
            <>
              <Button variant="outline" onClick={() => setExporting(true)}>
                <Download aria-hidden="true" />
                Export CSV
              </Button>
              {canManage ? (
                <>
                  <Button variant="outline" onClick={() => setUpdating(true)}>
                    <FileUp aria-hidden="true" />
                    Import update CSV
                  </Button>
                  <Button onClick={openImport}>
                    <Upload aria-hidden="true" />
                    Import CSV
                  </Button>
                </>
              ) : null}
            </>
          ) : null
        }
      />

      {shopId ? (
        <DataSourceList
          shopId={shopId}
          canManage={canManage}
          onImport={openImport}
          onEdit={(source) => setImporting({ source })}
        />
      ) : (
        <Card className="p-8">
          <DataTableEmpty
            icon={FileSpreadsheet}
            title="Choose a store first"
            description="Data sources belong to a store. Pick one in the header, or add your first store."
            action={
              <Button asChild size="sm" variant="outline">
                <Link to="/store-list">Go to stores</Link>
              </Button>
            }
          />
        </Card>
      )}

      {children}

      {shopId ? (
        <>
          <ImportDialogHost shopId={shopId} importing={importing} onClose={() => setImporting(null)} />
          <ExportCsvDialog shopId={shopId} open={exporting} onOpenChange={setExporting} />
          <ImportUpdateCsvDialog shopId={shopId} open={updating} onOpenChange={setUpdating} />
        </>
      ) : null}
    </section>
  );
}

function ImportDialogHost({
  shopId,
  importing,
  onClose,
}: {
  shopId: string;
  importing: { source: DataSource | null } | null;
  onClose: () => void;
}) {
  const refresh = useRefreshDataSources();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  return (
    <ImportCsvDialog
      shopId={shopId}
      source={importing?.source}
      open={importing !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      onImported={({ data_source }) => {
        utils.dataSources.get.setData({ shop_id: data_source.shop_id, id: data_source.id }, data_source);
        refresh(data_source.id);
        // The new run's progress shows in the source's history.
        void navigate(shopDataSourcesPath(data_source.shop_id, data_source.id));
      }}
    />
  );
}

function DataSourceList({
  shopId,
  canManage,
  onImport,
  onEdit,
}: {
  shopId: string;
  canManage: boolean;
  onImport: () => void;
  onEdit: (source: DataSource) => void;
}) {
  const snackbar = useSnackbar();
  const refresh = useRefreshDataSources();
  const list = useListParams(ZDataSourceListQuerySchema);
  const [toDelete, setToDelete] = useState<DataSource | null>(null);
  const sources = trpc.dataSources.find.useQuery({ ...list.query, shop_id: shopId });

  const remove = trpc.dataSources.delete.useMutation({
    onSuccess: ({ message }, { id }) => {
      setToDelete(null);
      snackbar.show(message, 'success');
      refresh(id);
    },
  });
  const sync = trpc.dataSources.syncNow.useMutation({
    onSuccess: ({ message }, { id }) => {
      snackbar.show(message, 'success');
      refresh(id);
    },
  });
  const syncingId = sync.isPending ? sync.variables.id : undefined;
  const { mutate: syncNow } = sync;

  const columns = useMemo(
    () =>
      dataSourceColumns({
        canManage,
        onSyncNow: (source) => syncNow({ id: source.id }),
        onEdit,
        onDelete: setToDelete,
        syncingId,
      }),
    [canManage, syncNow, onEdit, syncingId],
  );

  return (
    <>
      <ListCard
        list={list}
        search={{ label: 'Search data sources', placeholder: 'Search by name' }}
        total={sources.data?.total_records ?? 0}
      >
        <DataTable
          caption="Data sources"
          columns={columns}
          data={sources.data?.data}
          getRowId={(source) => source.id}
          status={sources}
          rowTestId="data-source-row"
          errorMessage="Your data sources could not be loaded."
          empty={
            <ListEmpty
              list={list}
              noun="data sources"
              whenEmpty={
                <DataTableEmpty
                  icon={FileSpreadsheet}
                  title="No data sources yet"
                  description="Import a CSV file or add a CSV URL to bring your products in."
                  action={
                    canManage ? (
                      <Button size="sm" onClick={onImport}>
                        Import CSV
                      </Button>
                    ) : null
                  }
                />
              }
            />
          }
        />
      </ListCard>
      <DeleteDataSourceDialog
        source={toDelete}
        isDeleting={remove.isPending}
        onConfirm={(source) => remove.mutate({ shop_id: source.shop_id, id: source.id })}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
