import { IMPORT_COLUMNS } from './columns';
import { csvField } from './report';

// The sample CSV a merchant downloads: every column the import understands without configuration,
// under its canonical (Google attribute) name, with one example row the import accepts without an error.

/** The sample file's text: a header with every supported column and one valid example row. */
export const sampleCsv = (): string =>
  `${IMPORT_COLUMNS.map((c) => csvField(c.header)).join(',')}\r\n${IMPORT_COLUMNS.map((c) => csvField(c.example)).join(',')}\r\n`;
