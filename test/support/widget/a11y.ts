/** axe-core over an element and its shadow trees; returns the violations (none is a pass). */
import axe from 'axe-core';

export async function axeViolations(element: Element): Promise<string[]> {
  const results = await axe.run(element, {
    resultTypes: ['violations'],
    // A test page has no landmarks or <h1> of its own; that is the host's business.
    rules: { region: { enabled: false }, 'page-has-heading-one': { enabled: false } },
  });
  return results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}
