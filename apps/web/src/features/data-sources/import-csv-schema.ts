import {
  CSV_MAX_BYTES,
  DATA_SOURCE_MSG,
  DATA_SOURCE_TYPES,
  isCsvFile,
  isFeedFile,
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

const fileIssue = (
  file: CsvFileLike,
  isAccepted: (name: string, type?: string) => boolean,
  typeMessage: string,
): string | null => {
  if (!isAccepted(file.name, file.type || undefined)) return typeMessage;
  if (file.size > CSV_MAX_BYTES) return DATA_SOURCE_MSG.fileSize;
  return null;
};

/** 'Only CSV files are allowed.' / the 20MB limit, checked before anything is uploaded; null when fine. */
export const csvFileIssue = (file: CsvFileLike): string | null =>
  fileIssue(file, isCsvFile, DATA_SOURCE_MSG.fileType);

/** A data source's file: a CSV or a Google XML feed (RSS 2.0 / Atom) of at most 20MB; null when fine. */
export const feedFileIssue = (file: CsvFileLike): string | null =>
  fileIssue(file, isFeedFile, DATA_SOURCE_MSG.feedFileType);

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * Import: a file source needs a CSV file or a Google XML feed (at most 20MB), a URL source a URL and a frequency; every
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
          const message = feedFileIssue(v.file);
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
