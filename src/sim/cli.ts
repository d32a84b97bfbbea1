// Placeholder so the tree builds until the simulator lands (helper-1 replaces this file).
export async function serveSimulator(_opts: { port: number; speed: number; json: boolean }, io: { stderr: { write(s: string): unknown } }, _signal: AbortSignal): Promise<number> {
  io.stderr.write('the simulator is not built yet\n');
  return 1;
}
