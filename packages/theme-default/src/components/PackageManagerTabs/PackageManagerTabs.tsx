import './PackageManagerTabs.css';
import { Tab, Tabs } from '../Tabs/Tabs.js';
import { packageManagerCommands, type PackageManagerCommand } from './package-manager-commands.js';

/** Props of `PackageManagerTabs`. */
export interface PackageManagerTabsProps {
  /**
   * A command for every manager: a `string`, written the npm way without `npm` and derived for each manager
   * (`install react` → `yarn add react`; see `commandFor` for the rules); or one per manager: an object
   * with `npm`, `yarn`, `pnpm` and `bun` keys, each optional (only the managers it names get a tab).
   * @zh 适用于所有包管理器的一条命令：一个 `string`，按 npm 的写法且不带 `npm`，为每个包管理器推导（`install react` → `yarn add react`）；或每个包管理器各一条：带有 `npm`、`yarn`、`pnpm`、`bun` 键的对象，每个键都可省略（只有给出的包管理器才有标签）。
   * @example <PackageManagerTabs command="install -D docgen" />
   */
  command: PackageManagerCommand;
}

/**
 * A command for npm, yarn, pnpm and bun, one tab each. All of them on the site switch together and
 * the reader's choice is remembered (tab group `package-manager`).
 */
export function PackageManagerTabs({ command }: PackageManagerTabsProps) {
  return (
    <Tabs groupId="package-manager">
      {Object.entries(packageManagerCommands(command)).map(([manager, line]) => (
        <Tab key={manager} label={manager} value={manager}>
          <div className="dg-code dg-pm-code">
            <pre>
              <code>{line}</code>
            </pre>
          </div>
        </Tab>
      ))}
    </Tabs>
  );
}
