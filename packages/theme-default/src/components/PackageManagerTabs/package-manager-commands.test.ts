import { describe, expect, it } from 'vitest';
import { commandFor, packageManagerCommands } from './package-manager-commands.js';

describe('packageManagerCommands', () => {
  it('installs packages with npm install and add elsewhere', () => {
    expect(packageManagerCommands('install react')).toEqual({
      npm: 'npm install react',
      yarn: 'yarn add react',
      pnpm: 'pnpm add react',
      bun: 'bun add react',
    });
  });

  it('installs all dependencies with a bare install (bare `yarn`)', () => {
    expect(packageManagerCommands('install')).toEqual({
      npm: 'npm install',
      yarn: 'yarn',
      pnpm: 'pnpm install',
      bun: 'bun install',
    });
  });

  it('keeps -D for dev dependencies, except bun which spells it -d', () => {
    expect(packageManagerCommands('install -D typescript')).toEqual({
      npm: 'npm install -D typescript',
      yarn: 'yarn add -D typescript',
      pnpm: 'pnpm add -D typescript',
      bun: 'bun add -d typescript',
    });
  });

  it('spells --save-dev --dev for yarn and bun', () => {
    expect(packageManagerCommands('install --save-dev vitest')).toEqual({
      npm: 'npm install --save-dev vitest',
      yarn: 'yarn add --dev vitest',
      pnpm: 'pnpm add --save-dev vitest',
      bun: 'bun add --dev vitest',
    });
  });

  it('treats i and add as install', () => {
    expect(packageManagerCommands('i react')).toEqual(packageManagerCommands('install react'));
    expect(packageManagerCommands('add react')).toEqual(packageManagerCommands('install react'));
  });

  it('runs scripts without `run` on yarn and pnpm', () => {
    expect(packageManagerCommands('run dev')).toEqual({
      npm: 'npm run dev',
      yarn: 'yarn dev',
      pnpm: 'pnpm dev',
      bun: 'bun run dev',
    });
  });

  it('passes script arguments through', () => {
    expect(packageManagerCommands('run build -- --watch')).toEqual({
      npm: 'npm run build -- --watch',
      yarn: 'yarn build -- --watch',
      pnpm: 'pnpm build -- --watch',
      bun: 'bun run build -- --watch',
    });
  });

  it('prefixes any other command with the manager', () => {
    expect(packageManagerCommands('create docgen@latest')).toEqual({
      npm: 'npm create docgen@latest',
      yarn: 'yarn create docgen@latest',
      pnpm: 'pnpm create docgen@latest',
      bun: 'bun create docgen@latest',
    });
  });

  it('uses a command that starts with a manager or runner name as is', () => {
    expect(packageManagerCommands('npm install react')).toEqual({
      npm: 'npm install react',
      yarn: 'npm install react',
      pnpm: 'npm install react',
      bun: 'npm install react',
    });
    expect(commandFor('yarn', 'npx create-docgen')).toBe('npx create-docgen');
    expect(commandFor('npm', 'pnpm dlx create-docgen')).toBe('pnpm dlx create-docgen');
  });

  it('does not mistake a word starting like a manager for one', () => {
    expect(commandFor('npm', 'run bundle')).toBe('npm run bundle');
    expect(commandFor('yarn', 'bunyan')).toBe('yarn bunyan');
  });

  it('ignores surrounding and repeated spaces', () => {
    expect(commandFor('yarn', '  install   react  ')).toBe('yarn add react');
  });

  it('gives the managers of an object only, in tab order, completing commands without a manager', () => {
    const commands = packageManagerCommands({ bun: 'bunx create-docgen', npm: 'npx create-docgen', pnpm: 'install' });
    expect(commands).toEqual({ npm: 'npx create-docgen', pnpm: 'pnpm install', bun: 'bunx create-docgen' });
    expect(Object.keys(commands)).toEqual(['npm', 'pnpm', 'bun']);
  });
});
