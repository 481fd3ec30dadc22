import { useLayoutEffect } from 'react';
import { assetUrl } from '../Landing/Landing.js';
import type { LocalizedEcosystemGroup } from './ecosystem.js';

/**
 * The open ecosystem menu: its groups of links, each link opening in a new tab. A chunk of its own, loaded
 * when the menu first opens (or the pointer first reaches its icon). `onFollow` runs when a link is followed.
 */
export function EcosystemPopover({ id, groups, base, newTabText, onFollow }: { id: string; groups: LocalizedEcosystemGroup[]; base: string; newTabText: string; onFollow: () => void }) {
  // Fit the popover between its top (below the navbar, which a banner may push down) and the viewport's
  // bottom; it scrolls inside when taller.
  useLayoutEffect(() => {
    const popover = document.getElementById(id);
    if (popover) popover.style.maxHeight = `${Math.max(160, window.innerHeight - popover.getBoundingClientRect().top - 12)}px`;
  }, [id]);
  return (
    <div id={id} className="dg-ecosystem-popover">
      {groups.map((group, index) => (
        <section key={group.title} className="dg-ecosystem-group" aria-labelledby={`${id}-${index}`}>
          <h2 id={`${id}-${index}`} className="dg-ecosystem-title">
            {group.title}
          </h2>
          <ul className="dg-ecosystem-links">
            {group.links.map((link) => (
              <li key={link.name}>
                <a className="dg-ecosystem-link" href={link.url} target="_blank" rel="noopener noreferrer" onClick={onFollow}>
                  <img
                    className="dg-ecosystem-logo"
                    src={assetUrl(link.logo, base)}
                    alt=""
                    width="32"
                    height="32"
                    style={link.logoScale !== 1 ? { transform: `scale(${link.logoScale})` } : undefined}
                  />
                  <span className="dg-ecosystem-text">
                    <span className="dg-ecosystem-name">{link.name}</span>
                    <span className="dg-ecosystem-desc">{link.desc}</span>
                  </span>
                  <span className="dg-sr-only">{newTabText}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
