// The operator's command line: `npm run crs -- <command>`. See `--help`.
import { COMMANDS, helpText, UsageError } from './cli/commands.ts';
import { sendToServer } from './cli/admin-socket.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError, lockHolder } from './db/lock.ts';
import { openRuntime } from './runtime.ts';

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(helpText());
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`Unknown command "${name}".\n\n${helpText()}`);
    return 2;
  }
  if (rest.includes('--help')) {
    console.log(`usage: npm run crs -- ${command.usage}\n\n${command.summary}`);
    return 0;
  }
  const config = loadConfig(process.env);

  // Embedded database held by a running server: hand the command to it.
  if (!config.databaseUrl && lockHolder(config.dataDir) !== undefined) {
    const res = await sendToServer(config.dataDir, { command: name, argv: rest });
    (res.ok ? console.log : console.error)(res.output);
    return res.ok ? 0 : res.usage ? 2 : 1;
  }

  const runtime = await openRuntime(config, (line) => console.log(line));
  try {
    console.log(await command.run(runtime.ctx, rest, (line) => console.log(line)));
    return 0;
  } finally {
    await runtime.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof UsageError || err instanceof ConfigError || err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(2);
    }
    console.error(`Error: ${(err as Error).message ?? err}`);
    process.exit(1);
  },
);
