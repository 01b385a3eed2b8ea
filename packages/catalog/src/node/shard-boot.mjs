// Entry of a feed-shard worker thread. Node 20 does not pass the parent's module loader hooks to workers, so a
// process running the TypeScript sources through tsx registers tsx here before loading the worker; a build
// that ships JavaScript has no tsx and loads it straight away.
import { workerData } from 'node:worker_threads';

try {
  const { register } = await import('tsx/esm/api');
  register();
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
}
await import(workerData.entry);
