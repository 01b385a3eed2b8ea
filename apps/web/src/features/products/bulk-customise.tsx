import {
  countText,
  BULK_CONFIRMATIONS,
  BULK_FIELD_NAMES,
  BULK_LIMITS,
  CUSTOMISATION_MODES,
  isSingleActionField,
  SUBMISSION_CONTROL_KEYS,
  type TBulkSelection,
  type TCustomisationMode,
} from '@feedloom/validation';
import { Plus, Trash2, Wand2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useSnackbar } from '@/components/ui/snackbar';
import { trpc } from '@/lib/trpc';
import {
  draftInputOf,
  emptyRow,
  fieldOf,
  isRunDone,
  MODE_LABELS,
  progressOf,
  rowOf,
  sameDraft,
  selectionText,
  type BulkDraft,
  type BulkRow,
  type BulkRun,
} from './bulk-rules';

type Confirmation = keyof typeof BULK_CONFIRMATIONS;

/** A confirmation: its exact button texts, the confirming one last. */
function BulkConfirm({
  kind,
  onConfirm,
  onCancel,
  onClose,
}: {
  kind: Confirmation | null;
  onConfirm: () => void;
  onCancel: () => void;
  onClose: () => void;
}) {
  const c = kind ? BULK_CONFIRMATIONS[kind] : null;
  return (
    <Dialog open={c !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        {c ? (
          <>
            <DialogHeader>
              <DialogTitle>{c.title}</DialogTitle>
              <DialogDescription>{c.body}</DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button variant="outline" onClick={onCancel}>
                {c.cancel}
              </Button>
              <Button variant={kind === 'switchDraft' ? 'default' : 'destructive'} onClick={onConfirm}>
                {c.confirm}
              </Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function RuleValue({ row, onChange }: { row: BulkRow; onChange: (row: BulkRow) => void }) {
  const field = fieldOf(row.field_name);
  if (!field || row.mode !== 'add_update_value') return null;
  const label = `${field.label} value`;
  if (field.type === 'radio') {
    return (
      <fieldset className="flex flex-wrap gap-3">
        <legend className="sr-only">{label}</legend>
        {SUBMISSION_CONTROL_KEYS.map((c) => (
          <label key={c} className="flex items-center gap-1.5 text-sm">
            <Checkbox
              checked={row.controls[c] === true}
              onCheckedChange={(v) => onChange({ ...row, controls: { ...row.controls, [c]: v === true } })}
            />
            {c.replace('control', 'Control ')}
          </label>
        ))}
      </fieldset>
    );
  }
  if (field.type === 'list' && field.options) {
    return (
      <NativeSelect
        aria-label={label}
        value={row.value}
        onChange={(e) => onChange({ ...row, value: e.target.value })}
      >
        <option value="">Choose…</option>
        {field.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    );
  }
  return (
    <div className="flex gap-2">
      <Input
        aria-label={label}
        value={row.value}
        maxLength={750}
        inputMode={field.type === 'number' || field.type === 'input_list' ? 'decimal' : undefined}
        placeholder={field.type === 'multi_select' ? 'Values separated by commas' : 'Value'}
        onChange={(e) => onChange({ ...row, value: e.target.value })}
      />
      {field.type === 'input_list' && field.units ? (
        <NativeSelect
          aria-label={`${field.label} unit`}
          value={row.unit}
          onChange={(e) => onChange({ ...row, unit: e.target.value })}
        >
          <option value="">Unit</option>
          {field.units.map((u) => (
            <option key={u} value={u}>
              {u}
            </option>
          ))}
        </NativeSelect>
      ) : null}
    </div>
  );
}

/** The run of a bulk customisation: a progress bar while it runs (polled), then its outcome. */
export function BulkRunProgress({
  shopId,
  runId,
  onDone,
}: {
  shopId: string;
  runId: string;
  onDone: (run: BulkRun) => void;
}) {
  const run = trpc.productsBulk.run.useQuery(
    { shop_id: shopId, id: runId },
    { refetchInterval: (q) => (isRunDone(q.state.data) ? false : 1000) },
  );
  const data = run.data;
  const done = isRunDone(data);
  // Reported once per finished run, with the caller's latest callback.
  const latestOnDone = useRef(onDone);
  const reported = useRef<string | null>(null);
  useEffect(() => {
    latestOnDone.current = onDone;
  });
  useEffect(() => {
    if (!data || !done || reported.current === data.id) return;
    reported.current = data.id;
    latestOnDone.current(data);
  }, [data, done]);
  if (!data) return <p className="text-sm text-muted-foreground">Starting…</p>;
  const pct = progressOf(data);
  return (
    <div className="grid gap-2" data-testid="bulk-run">
      <div className="flex justify-between text-sm">
        <span className="font-medium">{data.draft_name}</span>
        <span className="text-muted-foreground">
          {data.processed.toLocaleString()} of {countText(data.total, 'product')}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Bulk customisation progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className={data.status === 'failed' ? 'h-full bg-destructive' : 'h-full bg-primary transition-all'}
          style={{ width: `${pct}%` }}
        />
      </div>
      <p role="status" className="text-sm">
        {data.status === 'queued'
          ? 'Waiting for a worker…'
          : data.status === 'running'
            ? `Applying… ${pct}%`
            : data.status === 'succeeded'
              ? `Done. ${data.message ?? ''}`
              : (data.message ?? 'The bulk customisation failed.')}
      </p>
    </div>
  );
}

function RecentRuns({ shopId }: { shopId: string }) {
  const runs = trpc.productsBulk.runs.useQuery({ shop_id: shopId });
  if (!runs.data?.length) return null;
  return (
    <div className="grid gap-1">
      <h3 className="text-sm font-medium">Recent bulk customisations</h3>
      <ul className="grid gap-1 text-xs text-muted-foreground">
        {runs.data.slice(0, 5).map((r) => (
          <li key={r.id}>
            {new Date(r.created_at).toLocaleString()} · {r.draft_name} · {r.triggered_by_name ?? 'Someone'} ·{' '}
            {countText(r.total, 'product')} · {r.status}
            {r.status === 'succeeded' ? ` (${r.changed.toLocaleString()} changed)` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Bulk customisation from the product list: the selection (checked products, or all matching the
 * view), one row per field with its mode, drafts kept on the server per user and store, the three
 * confirmations, then the run's progress.
 */
export function BulkCustomisePanel({
  shopId,
  checkedIds,
  view,
  matching,
  onClose,
  onApplied,
}: {
  shopId: string;
  checkedIds: readonly number[];
  view: TBulkSelection;
  matching: number;
  onClose: () => void;
  onApplied: () => void;
}) {
  const snackbar = useSnackbar();
  const utils = trpc.useUtils();
  const drafts = trpc.productsBulk.drafts.useQuery({ shop_id: shopId });
  const [draftId, setDraftId] = useState<string | null>(null);
  const [name, setName] = useState('Bulk customisation');
  const [useChecked, setUseChecked] = useState(checkedIds.length > 0);
  const [kept, setKept] = useState<TBulkSelection | null>(null);
  const [rows, setRows] = useState<BulkRow[]>([emptyRow()]);
  const [confirm, setConfirm] = useState<Confirmation | null>(null);
  const [pending, setPending] = useState<(() => void) | null>(null);
  const [runId, setRunId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const current: TBulkSelection =
    kept ?? (useChecked && checkedIds.length ? { kind: 'ids', ids: [...checkedIds] } : view);
  const input = draftInputOf(shopId, name, current, rows);
  const saved = drafts.data?.find((d) => d.id === draftId);
  const isDirty = saved
    ? !sameDraft(input, draftInputOf(shopId, saved.name, saved.selection, saved.rules.map(rowOf)))
    : input.rules.length > 0;

  const load = (d: BulkDraft | null) => {
    setDraftId(d?.id ?? null);
    setName(d?.name ?? 'Bulk customisation');
    setKept(d ? d.selection : null);
    setRows(d && d.rules.length ? d.rules.map(rowOf) : [emptyRow()]);
    setError(null);
  };

  const onSaved = (d: BulkDraft, message: string) => {
    snackbar.success(message);
    setDraftId(d.id);
    setKept(d.selection);
    void utils.productsBulk.drafts.invalidate({ shop_id: shopId });
  };
  const create = trpc.productsBulk.createDraft.useMutation({
    onSuccess: ({ data, message }) => onSaved(data, message),
    onError: (e) => setError(e.message),
  });
  const update = trpc.productsBulk.updateDraft.useMutation({
    onSuccess: ({ data, message }) => onSaved(data, message),
    onError: (e) => setError(e.message),
  });
  const discard = trpc.productsBulk.discardDrafts.useMutation({
    onSuccess: ({ message }) => {
      snackbar.success(message);
      void utils.productsBulk.drafts.invalidate({ shop_id: shopId });
      onClose();
    },
  });
  const apply = trpc.productsBulk.applyDraft.useMutation({
    onSuccess: ({ data }) => {
      setRunId(data.id);
      setDraftId(null);
      void utils.productsBulk.drafts.invalidate({ shop_id: shopId });
    },
    onError: (e) => setError(e.message),
  });

  const save = async (): Promise<BulkDraft | undefined> => {
    setError(null);
    try {
      const res = draftId
        ? await update.mutateAsync({ id: draftId, data: input })
        : await create.mutateAsync(input);
      return res.data;
    } catch {
      return undefined;
    }
  };

  const ask = (kind: Confirmation, then: () => void) => {
    setConfirm(kind);
    setPending(() => then);
  };
  const closeConfirm = () => {
    setConfirm(null);
    setPending(null);
  };

  const switchTo = (id: string) => {
    const next = id ? (drafts.data?.find((d) => d.id === id) ?? null) : null;
    if (isDirty) ask('switchDraft', () => load(next));
    else load(next);
  };

  const setRow = (i: number, row: BulkRow) => setRows((rs) => rs.map((r, j) => (j === i ? row : r)));
  const pickField = (i: number, field: string) => {
    const others = rows.filter((r, j) => j !== i && r.field_name);
    if (isSingleActionField(field) && others.length > 0) {
      ask('clearDrafts', () => setRows([emptyRow(field)]));
      return;
    }
    setRow(i, { ...emptyRow(field) });
  };
  const chosen = new Set(rows.map((r) => r.field_name));
  const single = rows.some((r) => isSingleActionField(r.field_name));

  const cancel = () => {
    if (drafts.data?.length) ask('discardDrafts', () => discard.mutate({ shop_id: shopId }));
    else onClose();
  };

  const onApply = async () => {
    const d = !draftId || isDirty ? await save() : saved;
    if (d) apply.mutate({ shop_id: shopId, id: d.id });
  };

  return (
    <Card className="grid gap-4 p-4" role="region" aria-label="Bulk customisation">
      <div className="flex flex-wrap items-end gap-3">
        <label className="grid gap-1 text-sm">
          <span>Draft</span>
          <NativeSelect aria-label="Draft" value={draftId ?? ''} onChange={(e) => switchTo(e.target.value)}>
            <option value="">New draft</option>
            {drafts.data?.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </NativeSelect>
        </label>
        <label className="grid min-w-64 gap-1 text-sm">
          <span>Draft name</span>
          <Input value={name} maxLength={BULK_LIMITS.draftName} onChange={(e) => setName(e.target.value)} />
        </label>
      </div>

      <fieldset className="grid gap-1 text-sm">
        <legend className="mb-1 font-medium">Products</legend>
        {kept ? (
          <div className="flex flex-wrap items-center gap-3">
            <span data-testid="bulk-selection">{selectionText(kept)}</span>
            <Button variant="link" size="sm" onClick={() => setKept(null)}>
              Use the current selection instead
            </Button>
          </div>
        ) : (
          <>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="bulk-selection"
                checked={useChecked && checkedIds.length > 0}
                disabled={checkedIds.length === 0}
                onChange={() => setUseChecked(true)}
              />
              {countText(checkedIds.length, 'checked product')}
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="bulk-selection"
                checked={!useChecked || checkedIds.length === 0}
                onChange={() => setUseChecked(false)}
              />
              {matching === 1 ? 'The 1 product' : `All ${countText(matching, 'product')}`} matching the
              current view
            </label>
          </>
        )}
      </fieldset>

      <div className="grid gap-2">
        <h3 className="text-sm font-medium">Fields</h3>
        {rows.map((row, i) => (
          <div
            key={i}
            className="grid items-start gap-2 md:grid-cols-[14rem_12rem_1fr_auto]"
            data-testid="bulk-rule"
          >
            <NativeSelect
              aria-label={`Field ${i + 1}`}
              value={row.field_name}
              onChange={(e) => pickField(i, e.target.value)}
            >
              <option value="">Choose a field…</option>
              {BULK_FIELD_NAMES.map((f) => (
                <option key={f} value={f} disabled={f !== row.field_name && chosen.has(f)}>
                  {fieldOf(f)!.label}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect
              aria-label={`Mode ${i + 1}`}
              value={row.mode}
              onChange={(e) => setRow(i, { ...row, mode: e.target.value as TCustomisationMode })}
            >
              {CUSTOMISATION_MODES.map((m) => (
                <option key={m} value={m}>
                  {MODE_LABELS[m]}
                </option>
              ))}
            </NativeSelect>
            <RuleValue row={row} onChange={(r) => setRow(i, r)} />
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove field ${i + 1}`}
              onClick={() => setRows((rs) => (rs.length > 1 ? rs.filter((_, j) => j !== i) : [emptyRow()]))}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ))}
        <div>
          <Button
            variant="outline"
            size="sm"
            disabled={single}
            onClick={() => setRows((rs) => [...rs, emptyRow()])}
          >
            <Plus aria-hidden="true" />
            Add field
          </Button>
        </div>
      </div>

      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}

      {runId ? (
        <BulkRunProgress
          shopId={shopId}
          runId={runId}
          onDone={(run) => {
            void utils.productsBulk.runs.invalidate({ shop_id: shopId });
            if (run.status === 'succeeded') snackbar.success(run.message ?? 'Bulk customisation applied.');
            onApplied();
          }}
        />
      ) : null}

      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={cancel}>
          Cancel
        </Button>
        <Button
          variant="outline"
          isLoading={create.isPending || update.isPending}
          onClick={() => void save()}
        >
          Save draft
        </Button>
        <Button
          isLoading={apply.isPending}
          disabled={input.rules.length === 0}
          onClick={() => void onApply()}
        >
          Apply
        </Button>
      </div>

      <RecentRuns shopId={shopId} />

      <BulkConfirm
        kind={confirm}
        onClose={closeConfirm}
        onCancel={() => {
          // "No, Discard Changes" still switches; "No, Keep Drafts" closes the panel with the drafts kept.
          if (confirm === 'switchDraft') pending?.();
          if (confirm === 'discardDrafts') onClose();
          closeConfirm();
        }}
        onConfirm={() => {
          const then = pending;
          closeConfirm();
          if (confirm === 'switchDraft') void save().then((d) => (d ? then?.() : undefined));
          else then?.();
        }}
      />
    </Card>
  );
}

/** The list toolbar's entry to bulk customisation. */
export function BulkCustomiseButton({ isOpen, onToggle }: { isOpen: boolean; onToggle: () => void }) {
  return (
    <Button variant={isOpen ? 'default' : 'outline'} size="sm" aria-expanded={isOpen} onClick={onToggle}>
      <Wand2 aria-hidden="true" />
      Bulk customise
    </Button>
  );
}
