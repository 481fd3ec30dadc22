/**
 * The commands of `PackageManagerTabs`: one npm-style command (`install react`, `run dev`) written the
 * way each package manager spells it.
 */

/** The package managers shown, in tab order. */
export const PACKAGE_MANAGERS = ['npm', 'yarn', 'pnpm', 'bun'] as const;

/** A package manager of `PACKAGE_MANAGERS`. */
export type PackageManager = (typeof PACKAGE_MANAGERS)[number];

/** A command for every manager (derived from one string), or per manager (each derived unless complete). */
export type PackageManagerCommand = string | Partial<Record<PackageManager, string>>;

// Besides the managers, their package runners start complete commands too (`npx create-docgen`).
const COMPLETE_COMMAND = /^(npm|yarn|pnpm|bun|npx|pnpx|bunx)(\s|$)/;

/** Verbs that add dependencies; npm spells them `install`, the others `add` (or nothing, for yarn, without packages). */
const INSTALL_VERBS = new Set(['install', 'i', 'add']);

/** The flag for "dev dependency" by manager, for the two npm spellings. */
function devFlag(manager: PackageManager, flag: string): string {
  if (flag === '-D' && manager === 'bun') return '-d';
  if (flag === '--save-dev' && (manager === 'yarn' || manager === 'bun')) return '--dev';
  return flag;
}

/**
 * `command` (npm-style, without the manager name) written for `manager`:
 * - `install` alone → `npm install`, `yarn`, `pnpm install`, `bun install`;
 * - `install <args>` → `npm install`, `yarn add`, `pnpm add`, `bun add`, with `-D` → `-d` for bun;
 * - `run <script> …` → `npm run`, `yarn`, `pnpm`, `bun run`; any other command is prefixed as is.
 * A command that already starts with a manager or runner name (`npx …`, `yarn dlx …`) is returned unchanged.
 */
export function commandFor(manager: PackageManager, command: string): string {
  const trimmed = command.trim();
  if (COMPLETE_COMMAND.test(trimmed)) return trimmed;
  const [verb = '', ...args] = trimmed.split(/\s+/);
  if (INSTALL_VERBS.has(verb)) {
    if (args.length === 0) return manager === 'yarn' ? 'yarn' : `${manager} install`;
    const flags = args.map((arg) => devFlag(manager, arg));
    return [manager, manager === 'npm' ? 'install' : 'add', ...flags].join(' ');
  }
  // yarn and pnpm run scripts without `run`; npm needs it and bun prefers it (a script named like a
  // bun command would run the command otherwise).
  const words = verb === 'run' && (manager === 'yarn' || manager === 'pnpm') ? args : [verb, ...args];
  return [manager, ...words].filter(Boolean).join(' ');
}

/**
 * The command of each manager, in tab order: all four for a string, the given ones for an object.
 * @example packageManagerCommands('install react') // { npm: 'npm install react', yarn: 'yarn add react', … }
 */
export function packageManagerCommands(command: PackageManagerCommand): Partial<Record<PackageManager, string>> {
  const commands: Partial<Record<PackageManager, string>> = {};
  for (const manager of PACKAGE_MANAGERS) {
    const given = typeof command === 'string' ? command : command[manager];
    if (given !== undefined) commands[manager] = commandFor(manager, given);
  }
  return commands;
}
