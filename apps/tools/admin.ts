import 'reflect-metadata';
import { runAdmin } from '@lorawatch/accounts/commands/operator/admin-cli';

/** `npm run admin -- --help`: the operator's account commands (unblock, reset-password) on the store. */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

runAdmin(process.argv.slice(2), {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  readInput: readStdin,
})
  .then((status) => process.exit(status))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
