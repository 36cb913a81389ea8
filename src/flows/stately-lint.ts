import type { AnyStateMachine } from 'xstate';
import { functionName } from './machine-definition.ts';

/**
 * Checks that a machine opens cleanly in the Stately editor and the VS Code extension, and that every branch is
 * visible in the exported diagrams (design.md §4): guards, actions and actors are named in setup() and referred
 * to by string, targets are strings, every invoke has an explicit id, and every state has a description citing
 * the spec (§). Functions are allowed only where the editor expects code: `context`, invoke `input`, `output`,
 * action/guard `params`.
 */

export interface LintProblem {
  /** Where in the config, e.g. `states.guardianLogin.on.SUBMIT[0].guard`. */
  at: string;
  message: string;
}

type Config = Record<string, unknown>;

const isObject = (value: unknown): value is Config =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function toList(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

const HIGHER_ORDER_GUARDS = new Set(['not', 'and', 'or', 'stateIn']);

function checkGuard(guard: unknown, at: string, problems: LintProblem[]): void {
  if (typeof guard === 'string') return;
  if (isObject(guard)) {
    if (typeof guard.type !== 'string') problems.push({ at, message: 'guard object without a string type' });
    return;
  }
  if (typeof guard === 'function') {
    const fn = guard as unknown as { name?: string; guards?: unknown[] };
    // xstate's not()/and()/or()/stateIn() are fine when their operands are named guards.
    if (fn.name && HIGHER_ORDER_GUARDS.has(fn.name)) {
      (fn.guards ?? []).forEach((inner, index) => {
        checkGuard(inner, `${at}.${fn.name}[${index}]`, problems);
      });
      return;
    }
    problems.push({ at, message: 'inline guard function: name it in setup({ guards }) and refer to it by string' });
  }
}

function checkActions(actions: unknown, at: string, problems: LintProblem[]): void {
  toList(actions).forEach((action, index) => {
    const where = Array.isArray(actions) ? `${at}[${index}]` : at;
    if (typeof action === 'string') return;
    if (isObject(action) && typeof action.type === 'string') return;
    problems.push({
      at: where,
      message: `inline action (${functionName(action)}): name it in setup({ actions }) and refer to it by string`,
    });
  });
}

function checkTransition(transition: unknown, at: string, problems: LintProblem[]): void {
  if (transition === undefined || typeof transition === 'string') return;
  if (!isObject(transition)) {
    problems.push({ at, message: 'a transition must be a target string or a transition object' });
    return;
  }
  for (const [index, target] of toList(transition.target).entries()) {
    if (typeof target !== 'string') {
      problems.push({
        at: `${at}.target${Array.isArray(transition.target) ? `[${index}]` : ''}`,
        message: 'target must be a string',
      });
    }
  }
  if (transition.guard !== undefined) checkGuard(transition.guard, `${at}.guard`, problems);
  checkActions(transition.actions, `${at}.actions`, problems);
}

function checkTransitions(value: unknown, at: string, problems: LintProblem[]): void {
  if (Array.isArray(value)) {
    value.forEach((transition, index) => {
      checkTransition(transition, `${at}[${index}]`, problems);
    });
  } else checkTransition(value, at, problems);
}

function checkInvoke(invoke: unknown, at: string, problems: LintProblem[]): void {
  if (!isObject(invoke)) {
    problems.push({ at, message: 'invoke must be an object' });
    return;
  }
  if (typeof invoke.id !== 'string' || !invoke.id) {
    problems.push({ at: `${at}.id`, message: 'invoke without an explicit id' });
  }
  if (typeof invoke.src !== 'string') {
    problems.push({ at: `${at}.src`, message: 'invoke src must name an actor of setup({ actors })' });
  }
  for (const key of ['onDone', 'onError', 'onSnapshot']) checkTransitions(invoke[key], `${at}.${key}`, problems);
}

function checkState(config: Config, at: string, isRoot: boolean, problems: LintProblem[]): void {
  if (!isRoot) {
    const description = config.description;
    if (typeof description !== 'string' || !description.trim()) {
      problems.push({ at, message: 'state without a description (cite the spec section, e.g. "spec §4 …")' });
    } else if (!description.includes('§')) {
      problems.push({ at: `${at}.description`, message: 'description does not cite the spec (no "§")' });
    }
  }
  checkActions(config.entry, `${at}.entry`, problems);
  checkActions(config.exit, `${at}.exit`, problems);
  const invokes = toList(config.invoke);
  invokes.forEach((invoke, index) => {
    checkInvoke(invoke, Array.isArray(config.invoke) ? `${at}.invoke[${index}]` : `${at}.invoke`, problems);
  });
  if (isObject(config.on)) {
    for (const [event, transition] of Object.entries(config.on))
      checkTransitions(transition, `${at}.on.${event}`, problems);
  }
  if (isObject(config.after)) {
    for (const [delay, transition] of Object.entries(config.after))
      checkTransitions(transition, `${at}.after.${delay}`, problems);
  }
  checkTransitions(config.always, `${at}.always`, problems);
  checkTransitions(config.onDone, `${at}.onDone`, problems);
  if (isObject(config.states)) {
    for (const [key, child] of Object.entries(config.states)) {
      const where = at ? `${at}.states.${key}` : `states.${key}`;
      if (isObject(child)) checkState(child, where, false, problems);
    }
  }
}

export function lintMachine(machine: AnyStateMachine): LintProblem[] {
  const problems: LintProblem[] = [];
  checkState(machine.config as Config, '', true, problems);
  return problems.map((problem) => ({ ...problem, at: problem.at.replace(/^\./, '') || '(root)' }));
}
