import './PackageManagerTabs.css';
import { Tab, Tabs } from '../Tabs/Tabs.js';
import { packageManagerCommands, type PackageManagerCommand } from './package-manager-commands.js';

/** Props of `PackageManagerTabs`. */
export interface PackageManagerTabsProps {
  /**
   * An npm-style command without the manager name, written for each manager (`install react` →
   * `yarn add react`), or the command per manager; see `commandFor` for the rules.
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
