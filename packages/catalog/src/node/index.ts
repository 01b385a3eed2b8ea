// @feedloom/catalog/node: the parts of the catalog that need Node beyond streams — the shipped taxonomy file
// (fs) and feed builds spread over worker threads (worker_threads, os). The core (@feedloom/catalog) reads
// no files and starts no threads; eslint.config.js keeps it that way.

export * from './taxonomy-file';
export * from './sharded';
