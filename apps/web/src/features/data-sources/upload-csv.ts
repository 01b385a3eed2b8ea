import { INTERNAL_ERROR_MESSAGE } from '@feedloom/validation';
import { UploadError, uploadForm } from '@/lib/upload';

/** The gateway's streaming upload route for a data source's CSV (multipart, never base64 in JSON). */
export const UPLOAD_CSV_URL = '/upload/import-csv';

/** The api envelope the upload route answers with (success is code 200). */
export interface UploadEnvelope<T = unknown> {
  code: number;
  message: string;
  data: T;
  /** The form field a refusal is about (`data_source_name`), when the api named one. */
  field?: string;
}

/**
 * Sends the import CSV popup's fields and file through the one upload path (lib/upload.ts) to the api's
 * POST /import-csv, and answers with the envelope whatever its code, so the popup shows the server's message.
 */
export async function uploadCsv<T = unknown>(form: FormData): Promise<UploadEnvelope<T>> {
  try {
    const { data, message } = await uploadForm('import-csv', form);
    return { code: 200, message, data: data as T };
  } catch (err) {
    if (err instanceof UploadError) {
      return {
        code: err.data.httpStatus,
        message: err.message || INTERNAL_ERROR_MESSAGE,
        data: undefined as T,
        ...(err.data.field ? { field: err.data.field } : {}),
      };
    }
    return { code: 500, message: INTERNAL_ERROR_MESSAGE, data: undefined as T };
  }
}
