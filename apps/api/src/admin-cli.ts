/**
 * npm run admin -- create --email EMAIL --name NAME [--role ADMIN] [--role MD …]
 * npm run admin -- list
 * npm run admin -- reset-password --email EMAIL
 *
 * Operator accounts from the command line (docs/ARCHITECTURE.md, "Back office"), first of all the
 * first ADMIN. The password is read from OPERATOR_PASSWORD, or from the first line of stdin
 * (`--password-stdin`), never from an argument (it would stay in the shell history). Works on the
 * configured database (DATABASE_URL, or PGlite under DATA_DIR: stop the server first, an embedded
 * database has one process).
 */
import { parseArgs } from 'node:util';
import { CreateOperatorRequest, OperatorPassword } from '@codiroom/shared';
import { eq } from 'drizzle-orm';
import { loadConfig } from './config.ts';
import { operators } from './db/schema.ts';
import { createOperator, listOperators } from './domains/admin/index.ts';
import type { AppContext } from './platform/context.ts';
import { closeContext, createContext, openConfiguredDatabase } from './platform/create-context.ts';
import { endSessionsOf } from './platform/operator-sessions.ts';
import { hashPassword } from './platform/passwords.ts';

export type CliIo = {
  out: (line: string) => void;
  err: (line: string) => void;
  readPassword: () => Promise<string>;
};

const USAGE = `Usage:
  npm run admin -- create --email EMAIL --name NAME [--role ADMIN|MD|CS|CURATOR]…  (default role ADMIN)
  npm run admin -- list
  npm run admin -- reset-password --email EMAIL
The password comes from OPERATOR_PASSWORD or, with --password-stdin, the first line of stdin.`;

/** Runs one command on `ctx`; answers the exit code. */
export async function runAdminCli(ctx: AppContext, argv: string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (err) {
    io.err(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const { positionals, values } = parsed;
  const command = positionals[0];
  if (command === 'list') {
    for (const o of await listOperators(ctx)) {
      io.out(`${o.id}\t${o.email}\t${o.name}\t${o.roles.join(',')}\t${o.is_active ? 'active' : 'off'}`);
    }
    return 0;
  }
  if (command !== 'create' && command !== 'reset-password') {
    io.err(USAGE);
    return 2;
  }
  const password = await io.readPassword();
  const checked = OperatorPassword.safeParse(password);
  if (!checked.success) {
    io.err(`Password: ${checked.error.issues.map((i) => i.message).join(' ')}`);
    return 2;
  }
  if (command === 'reset-password') {
    const email = (values.email ?? '').trim().toLowerCase();
    const [o] = await ctx.db
      .update(operators)
      .set({ password_hash: await hashPassword(ctx.config, password), failed_logins: 0, locked_until: null })
      .where(eq(operators.email, email))
      .returning({ id: operators.id });
    if (!o) {
      io.err(`No operator ${email}`);
      return 1;
    }
    await endSessionsOf(ctx, o.id);
    io.out(`Password of ${email} changed; their sessions ended.`);
    return 0;
  }
  const body = CreateOperatorRequest.safeParse({
    email: values.email,
    name: values.name,
    roles: values.role?.length ? values.role : ['ADMIN'],
    password,
  });
  if (!body.success) {
    io.err(body.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
    return 2;
  }
  try {
    const o = await createOperator(ctx, body.data);
    io.out(`Operator ${o.email} (${o.roles.join(', ')}) created with id ${o.id}. Sign in at /admin.`);
    return 0;
  } catch (err) {
    io.err((err as Error).message);
    return 1;
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string', multiple: true },
      'password-stdin': { type: 'boolean' },
    },
  });
}

async function firstLineOfStdin(): Promise<string> {
  let data = '';
  for await (const chunk of process.stdin) {
    data += String(chunk);
    if (data.includes('\n')) break;
  }
  return data.split(/\r?\n/)[0] ?? '';
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const config = loadConfig(process.env);
  if (!config.DATABASE_URL) {
    // An embedded database belongs to one process: refuse while the server holds it.
    const up = await fetch(`http://127.0.0.1:${config.PORT}/api/health`).then(
      () => true,
      () => false,
    );
    if (up) {
      console.error(
        `The server on port ${config.PORT} holds the embedded database (${config.DATA_DIR}). Stop it first, or set DATABASE_URL.`,
      );
      process.exit(1);
    }
  }
  const database = await openConfiguredDatabase(config);
  await database.migrate();
  const ctx = createContext(config, database);
  const code = await runAdminCli(ctx, argv, {
    out: (l) => console.log(l),
    err: (l) => console.error(l),
    readPassword: async () =>
      argv.includes('--password-stdin') ? firstLineOfStdin() : (process.env.OPERATOR_PASSWORD ?? ''),
  });
  await closeContext(ctx);
  await database.close();
  process.exit(code);
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('admin-cli.mjs')) {
  await main();
}
