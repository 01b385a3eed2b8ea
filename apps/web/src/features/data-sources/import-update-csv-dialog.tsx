import { DATA_SOURCE_MSG } from '@feedloom/validation';
import { Download } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { DialogFooter, DialogShell } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSnackbar } from '@/components/ui/snackbar';
import { saveBlob } from '@/lib/download';
import { uploadForm, UploadError, type UploadReply } from '@/lib/upload';
import { useApiErrorReporter } from '@/lib/use-server-errors';
import { CsvPopupError, ReportTypeRadios } from './export-csv-dialog';
import { csvFileIssue } from './import-csv-schema';
import { formatCount } from './use-data-sources';

type Outcome = UploadReply<'import-update-csv'>['data'];

/**
 * Import update CSV: an export of type 1 or 2,
 * edited in a spreadsheet, comes back as customisations of the store's products. The file streams through
 * the gateway's upload route; the outcome (rows updated, rejected, unknown) shows here with its error CSV.
 */
export function ImportUpdateCsvDialog({
  shopId,
  open,
  onOpenChange,
}: {
  shopId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const snackbar = useSnackbar();
  const report = useApiErrorReporter();
  const [reportType, setReportType] = useState<1 | 2>(1);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const close = (next: boolean) => {
    if (isSending) return;
    if (!next) {
      setFile(null);
      setError(null);
      setOutcome(null);
    }
    onOpenChange(next);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const issue = file ? csvFileIssue(file) : DATA_SOURCE_MSG.fileRequired;
    if (issue || !file) {
      setError(issue);
      return;
    }
    const form = new FormData();
    form.append('shop_id', shopId);
    form.append('report_type', String(reportType));
    form.append('file', file);
    setIsSending(true);
    try {
      const { data, message } = await uploadForm('import-update-csv', form);
      setOutcome(data);
      if (message) snackbar.show(message, 'success');
    } catch (err) {
      if (err instanceof UploadError && err.data.httpStatus === 400) setError(err.message);
      else report(err);
    } finally {
      setIsSending(false);
    }
  };

  return (
    <DialogShell
      open={open}
      onOpenChange={close}
      title="Import update CSV"
      description="Bring back a file from Export CSV after editing it: its values become this store’s customisations."
      className="sm:max-w-lg"
    >
      {outcome ? (
        <div className="grid gap-4">
          <dl className="grid grid-cols-2 gap-2 text-sm" aria-label="Import update outcome">
            <dt className="text-muted-foreground">Rows read</dt>
            <dd className="tabular-nums">{formatCount(outcome.rows_read)}</dd>
            <dt className="text-muted-foreground">Products updated</dt>
            <dd className="tabular-nums">{formatCount(outcome.rows_updated)}</dd>
            <dt className="text-muted-foreground">Rows rejected</dt>
            <dd className="tabular-nums">{formatCount(outcome.rows_rejected)}</dd>
            <dt className="text-muted-foreground">Unknown products</dt>
            <dd className="tabular-nums">{formatCount(outcome.rows_unknown)}</dd>
          </dl>
          {outcome.errors_csv ? (
            <Button
              type="button"
              variant="link"
              className="h-auto justify-start p-0"
              onClick={() =>
                saveBlob(
                  new Blob([outcome.errors_csv], { type: 'text/csv;charset=utf-8' }),
                  'import-update-errors.csv',
                )
              }
            >
              <Download aria-hidden="true" />
              Download the rejected rows
            </Button>
          ) : null}
          <DialogFooter>
            <Button type="button" onClick={() => close(false)}>
              Done
            </Button>
          </DialogFooter>
        </div>
      ) : (
        <form noValidate className="grid gap-5" onSubmit={(event) => void onSubmit(event)}>
          <ReportTypeRadios
            id={id}
            legend="What the file holds"
            value={reportType}
            onChange={setReportType}
            disabled={isSending}
          />
          <div className="grid gap-2">
            <Label htmlFor={`${id}-file`}>CSV file</Label>
            <Input
              id={`${id}-file`}
              type="file"
              accept=".csv,text/csv"
              disabled={isSending}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                setFile(chosen);
                setError(chosen ? csvFileIssue(chosen) : null);
              }}
            />
            <p id={`${id}-hint`} className="text-xs text-muted-foreground">
              A .csv file of at most 20 MB, as Export CSV wrote it.
            </p>
            <CsvPopupError id={id} error={error} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={isSending} onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" isLoading={isSending}>
              Import
            </Button>
          </DialogFooter>
        </form>
      )}
    </DialogShell>
  );
}
