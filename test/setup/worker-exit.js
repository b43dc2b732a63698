// Loaded into Jest and its workers by test/setup/jest-summary.js (`node --require`).
//
// When Jest is done with a worker it stops listening to it and waits for the process to end by itself; after
// 500 ms it kills it and prints "A worker process has failed to exit gracefully and has been force exited…".
// A worker that leaked nothing is soon done in JavaScript ('exit' fires), but the process is only
// gone once V8 has handed its heap back one 256 KB page at a time and the kernel has taken back the rest. For a
// worker that ran n8n's engine (hundreds of MB) that takes 0.4 to 2 s on a loaded 2-core virtual machine, so
// Jest killed workers that had left nothing open.
//
// 'beforeExit' fires only once the event loop is empty: no timer, server, socket or child process is left, so
// nothing leaked. The worker then ends at once and the kernel frees its memory in one go. A worker that does
// leak a handle never gets there, and Jest still reports it. (test/setup/cleanup.ts keeps the heap small too.)
if (process.env.JEST_WORKER_ID && typeof process.send === 'function') {
	process.once('beforeExit', (code) => process.exit(code));
}
