import {
  CSV_MAX_BYTES,
  DATA_SOURCE_MSG,
  DATA_SOURCE_TYPES,
  isCsvFile,
  refineSchedule,
  ZCsvUrlSchema,
  ZDataSourceNameSchema,
  ZOptionalEmailSchema,
  ZProductSettingsSchema,
} from '@feedloom/validation';
import { z } from 'zod';

// The import CSV popup's form, built from the shared data source rules (@feedloom/validation) the gateway and
// api check again: the spec's messages come from there. Only what a form adds lives here: one object for both
// source types, the File the input gives, and the strings inputs hold.

export interface CsvFileLike {
  name: string;
  size: number;
  type?: string;
}

/** 'Only CSV files are allowed.' / the 20MB limit, checked before anything is uploaded; null when fine. */
export function csvFileIssue(file: CsvFileLike): string | null {
  if (!isCsvFile(file.name, file.type || undefined)) return DATA_SOURCE_MSG.fileType;
  if (file.size > CSV_MAX_BYTES) return DATA_SOURCE_MSG.fileSize;
  return null;
}

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * Spec §5 Import: a file source needs a CSV file (at most 20MB), a URL source a URL and a frequency; every
 * frequency needs a fetch time, weekly and monthly a day; the name is required unless editing. An edit keeps
 * the stored file unless a new one is chosen, and keeps the source's type.
 */
export const importCsvFormSchema = ({ isEditing }: { isEditing: boolean }) =>
  z
    .object({
      data_source_name: isEditing
        ? z.preprocess(emptyToUndefined, ZDataSourceNameSchema.optional())
        : ZDataSourceNameSchema,
      notification_email: z.preprocess(emptyToUndefined, ZOptionalEmailSchema),
      source_type: z.enum(DATA_SOURCE_TYPES),
      file: z.custom<File | null>((v) => v === null || v === undefined || typeof v === 'object').optional(),
      url: z.string().optional(),
      frequency: z.string().optional(),
      fetch_time: z.string().optional(),
      day: z.string().optional(),
      ...ZProductSettingsSchema.shape,
    })
    .superRefine((v, ctx) => {
      const issue = (path: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message });
      if (v.source_type === 'file') {
        if (v.file) {
          const message = csvFileIssue(v.file);
          if (message) issue('file', message);
        } else if (!isEditing) {
          issue('file', DATA_SOURCE_MSG.fileRequired);
        }
        return;
      }
      const url = ZCsvUrlSchema.safeParse(v.url ?? '');
      if (!url.success) issue('url', url.error.issues[0]?.message ?? DATA_SOURCE_MSG.urlRequired);
      if (!v.frequency) issue('frequency', DATA_SOURCE_MSG.frequencyRequired);
      refineSchedule(false)(
        {
          frequency: (v.frequency || undefined) as 'daily' | 'weekly' | 'monthly' | undefined,
          fetch_time: v.fetch_time || undefined,
          day: v.day ? Number(v.day) : undefined,
        },
        ctx,
      );
    })
    .transform((v) => ({
      ...v,
      url: v.source_type === 'url' ? v.url?.trim() : undefined,
      frequency: v.source_type === 'url' ? (v.frequency as 'daily' | 'weekly' | 'monthly') : undefined,
      fetch_time: v.source_type === 'url' ? v.fetch_time : undefined,
      day: v.source_type === 'url' && v.frequency !== 'daily' && v.day ? Number(v.day) : undefined,
    }));

export type ImportCsvFormInput = z.input<ReturnType<typeof importCsvFormSchema>>;
export type ImportCsvForm = z.output<ReturnType<typeof importCsvFormSchema>>;
