// The V8 flags the API server runs with, wherever it is started (`npm start`, the benchmarks, the
// console end-to-end server). One source, read by tools/scripts/start.mjs and the scripts that spawn
// dist/apps/api/main.mjs.
//
// --max-semi-space-size=64: a list answer allocates its page (rows, settings, the JSON text) in
// V8's young generation. With the default semi-space (16 MiB) sixteen concurrent pages of 100 stacks
// fill it several times a second and survivors are copied over and over: the garbage collector took
// 16% of the server's CPU on `GET /stack` (tools/bench/api-bench.mjs --cpu-prof), against 5% for the
// PG-native reference. At 64 MiB a page dies young, the collector's share falls to the reference's,
// and the API's CPU per request drops by about a third. It costs up to 192 MiB of address space for
// the young generation, committed only as the load needs it.
export const apiNodeFlags = ['--max-semi-space-size=64'];
