// Preloaded into the benchmarked servers (`node --expose-gc -r`): a full GC on SIGUSR2, so that the
// bench can read a settled RSS from outside the process. Not part of either server's code.
const collect = (globalThis as { gc?: () => void }).gc;
// Always handle the signal: its default action would end the process.
process.on('SIGUSR2', () => collect?.());
