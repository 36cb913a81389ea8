import { type ESTree, type Plugin, parseSync } from 'vite';

/**
 * The machines' `description` texts (the spec references of design.md §4) are read by the /flows page and the
 * Stately inspector only, yet every family page carried its flow's texts: about a kilobyte brotli in each of the
 * login, register and athlete-steps chunks. The build blanks them in the machines the pages import, and the /flows
 * page imports its own copy of each machine module (`?flows`, src/views/flows/flow-registry.ts), which keeps them.
 * Tests, `npm run dev`, `npm run paths` and `npm run flows:export` read the machines as written. The build's source
 * maps show the blanked text (the code the pages run), every other character in its place.
 */

/** src/machines/<flow>.machine.ts as the pages import it: the /flows page's copies carry a query and stay whole. */
export const MACHINE_MODULE = /[\\/]src[\\/]machines[\\/][\w-]+\.machine\.ts$/;

/** Vite plugin: blanks the descriptions of the machine modules the pages import (see above). */
export function machineDescriptionsForFlowsOnly(): Plugin {
  return {
    name: 'diamond-machine-descriptions',
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: MACHINE_MODULE },
      handler(code, id) {
        const stripped = stripMachineDescriptions(code, id);
        // Blanking moves no other character (same length, same lines): the source map is the identity (`null`).
        return stripped === code ? null : { code: stripped, map: null };
      },
    },
  };
}

/**
 * `code` with every `description` of the chart passed to `createMachine` (the root's, its states' at any depth, and
 * their transitions': `on`, `after`, `always`, `onDone`, an invoke's `onDone`/`onError`/`onSnapshot`) replaced by
 * spaces, with the comma after it: same length, same line breaks. Only texts are removed (a string, a template
 * with plain names in it, their concatenation); anything else, and configuration built outside the call (a helper's
 * transitions, a spread), stays as written.
 */
export function stripMachineDescriptions(code: string, filename: string): string {
  const { program, errors } = parseSync(filename, code);
  // The build's own parse reports the error with its place; this step only ever removes texts.
  if (errors.length > 0) return code;
  const ranges: Range[] = [];
  for (const config of machineConfigs(program)) collectStateNode(config, ranges);
  let result = code;
  for (const range of ranges) {
    if (!code.startsWith('description', range.start)) {
      throw new Error(`${filename}: a description was expected at offset ${range.start}`);
    }
    let end = range.end;
    while (end < code.length && /\s/.test(code.charAt(end))) end += 1;
    if (code.charAt(end) === ',') end += 1;
    else end = range.end;
    result = result.slice(0, range.start) + code.slice(range.start, end).replace(/[^\r\n]/g, ' ') + result.slice(end);
  }
  return result;
}

/** The first argument of each top-level `… .createMachine({ … })` (exported or not). */
function machineConfigs(program: ESTree.Program): ESTree.ObjectExpression[] {
  const configs: ESTree.ObjectExpression[] = [];
  for (const statement of program.body) {
    const declaration =
      statement.type === 'ExportNamedDeclaration'
        ? statement.declaration
        : statement.type === 'VariableDeclaration'
          ? statement
          : null;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations) {
      const init = declarator.init;
      if (init?.type !== 'CallExpression' || init.callee.type !== 'MemberExpression') continue;
      if (init.callee.computed || init.callee.property.type !== 'Identifier') continue;
      if (init.callee.property.name !== 'createMachine') continue;
      const [config] = init.arguments;
      if (config?.type === 'ObjectExpression') configs.push(config);
    }
  }
  return configs;
}

type Range = { start: number; end: number };

function propertiesOf(object: ESTree.ObjectExpression): Array<{ name: string; property: ESTree.ObjectProperty }> {
  return object.properties.flatMap((property) => {
    if (property.type !== 'Property' || property.computed || property.kind !== 'init') return [];
    const key = property.key;
    if (key.type === 'Identifier') return [{ name: key.name, property }];
    // A delay of `after` is a number: `after: { 1000: { … } }`.
    if (key.type === 'Literal' && (typeof key.value === 'string' || typeof key.value === 'number')) {
      return [{ name: String(key.value), property }];
    }
    return [];
  });
}

/** A text and nothing else: evaluating it (or not) changes nothing. */
function isText(value: ESTree.Expression): boolean {
  if (value.type === 'Literal') return typeof value.value === 'string';
  if (value.type === 'TemplateLiteral') return value.expressions.every(isPlainReference);
  if (value.type === 'BinaryExpression') {
    return value.operator === '+' && isText(value.left) && isText(value.right);
  }
  return false;
}

function isPlainReference(value: ESTree.Expression): boolean {
  if (value.type === 'Identifier' || value.type === 'Literal') return true;
  return value.type === 'MemberExpression' && !value.computed && isPlainReference(value.object);
}

function collectDescription(object: ESTree.ObjectExpression, ranges: Range[]): void {
  for (const { name, property } of propertiesOf(object)) {
    if (name === 'description' && isText(property.value)) ranges.push({ start: property.start, end: property.end });
  }
}

function collectStateNode(node: ESTree.ObjectExpression, ranges: Range[]): void {
  collectDescription(node, ranges);
  for (const { name, property } of propertiesOf(node)) {
    const value = property.value;
    if (name === 'states' && value.type === 'ObjectExpression') {
      for (const child of propertiesOf(value)) {
        if (child.property.value.type === 'ObjectExpression') collectStateNode(child.property.value, ranges);
      }
    } else if ((name === 'on' || name === 'after') && value.type === 'ObjectExpression') {
      for (const event of propertiesOf(value)) collectTransitions(event.property.value, ranges);
    } else if (name === 'always' || name === 'onDone') {
      collectTransitions(value, ranges);
    } else if (name === 'invoke') {
      const invokes = value.type === 'ArrayExpression' ? value.elements : [value];
      for (const invoke of invokes) {
        if (invoke?.type !== 'ObjectExpression') continue;
        for (const handler of propertiesOf(invoke)) {
          if (['onDone', 'onError', 'onSnapshot'].includes(handler.name))
            collectTransitions(handler.property.value, ranges);
        }
      }
    }
  }
}

/** A transition (an object), or several (an array of them); a plain target string has no description. */
function collectTransitions(value: ESTree.Expression, ranges: Range[]): void {
  if (value.type === 'ObjectExpression') collectDescription(value, ranges);
  else if (value.type === 'ArrayExpression') {
    for (const element of value.elements) if (element?.type === 'ObjectExpression') collectDescription(element, ranges);
  }
}
