import type { ELK, ElkExtendedEdge, ElkLabel, ElkNode, ElkPoint } from 'elkjs/lib/elk-api';
import { eventText, type MachineCatalog, type StateEntry, type TransitionEntry } from './machine-catalog.ts';

/**
 * Turns a machine's catalog into an ELK graph (states as nested boxes, transitions as labelled edges, a dot for
 * each initial state), and ELK's answer into absolute coordinates the SVG renderer draws. This module imports no
 * ELK code: the caller passes an ELK instance, so the page can load elkjs lazily and tests can use it in node.
 */

export interface Point {
  x: number;
  y: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LaidOutState extends Box {
  /** The machine root is drawn too: it owns top-level transitions (`on` of the machine itself). */
  id: string;
  isRoot: boolean;
  entry: StateEntry | null;
  /** Lines of the box's header: name first, then tags, invokes, entry and exit actions. */
  lines: string[];
  headerHeight: number;
  compound: boolean;
}

export interface LaidOutLabel extends Box {
  lines: string[];
}

export interface LaidOutEdge {
  /** The transition's catalog id, or `initial:<state id>` for the arrow from an initial dot. */
  id: string;
  transition: TransitionEntry | null;
  points: Point[];
  label: LaidOutLabel | null;
}

export interface LaidOutInitial {
  /** The compound state (or root) whose initial child the dot points at. */
  parent: string;
  cx: number;
  cy: number;
  r: number;
}

export interface StatechartLayout {
  machineId: string;
  width: number;
  height: number;
  states: LaidOutState[];
  edges: LaidOutEdge[];
  initials: LaidOutInitial[];
}

export const FONT_SIZE = 12;
export const LINE_HEIGHT = 16;
/** A generous average glyph width for 12 px sans-serif: boxes are sized without measuring text in a DOM. */
const CHAR_WIDTH = 7;
const BOX_PADDING = 8;
const INITIAL_RADIUS = 6;
const MAX_LABEL_CHARS = 42;

export function textWidth(line: string): number {
  return Math.ceil([...line].length * CHAR_WIDTH);
}

function shortName(catalog: MachineCatalog, state: StateEntry): string {
  return state.id.startsWith(`${catalog.machineId}.`) ? (state.path.split('.').pop() ?? state.path) : state.id;
}

function typeMark(state: StateEntry): string {
  if (state.type === 'final') return ' (final)';
  if (state.type === 'history') return ' (history)';
  if (state.type === 'parallel') return ' (parallel)';
  return '';
}

/** The text drawn in a state's box (its description is the tooltip and the list beside the diagram). */
export function stateLines(catalog: MachineCatalog, state: StateEntry): string[] {
  const lines = [`${shortName(catalog, state)}${typeMark(state)}`];
  if (state.tags?.length) lines.push(`tags: ${state.tags.join(', ')}`);
  for (const invoke of state.invokes ?? []) {
    lines.push(invoke.id === invoke.src ? `invoke ${invoke.src}` : `invoke ${invoke.id}: ${invoke.src}`);
  }
  if (state.entry?.length) lines.push(`entry / ${state.entry.join(', ')}`);
  if (state.exit?.length) lines.push(`exit / ${state.exit.join(', ')}`);
  return lines;
}

function invokeSrc(catalog: MachineCatalog, transition: TransitionEntry): string | null {
  if (transition.kind !== 'done.actor' && transition.kind !== 'error.actor') return null;
  const invokeId = transition.eventType.replace(/^xstate\.(done|error)\.actor\./, '');
  const source = catalog.states.find((state) => state.id === transition.source);
  const src = source?.invokes?.find((invoke) => invoke.id === invokeId)?.src ?? null;
  // `done: login (login)` says nothing twice: the call is named only when it differs from the invoke id.
  return src === invokeId ? null : src;
}

/** Breaks a long label line at spaces so edges do not drag the layout wide. */
function wrapLine(line: string, max = MAX_LABEL_CHARS): string[] {
  if (line.length <= max) return [line];
  const out: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    if (current && `${current} ${word}`.length > max) {
      out.push(current);
      current = `  ${word}`;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) out.push(current);
  return out;
}

/** An edge's label: the event (and the invoked call it answers), `[guard]`, `/ actions`. */
export function transitionLines(catalog: MachineCatalog, transition: TransitionEntry): string[] {
  const src = invokeSrc(catalog, transition);
  const head = `${eventText(transition)}${src ? ` (${src})` : ''}${transition.guard ? ` [${transition.guard}]` : ''}`;
  const lines = [head];
  if (transition.actions.length) lines.push(`/ ${transition.actions.join(', ')}`);
  return lines.flatMap((line) => wrapLine(line));
}

function boxSize(lines: readonly string[]): { width: number; height: number } {
  return {
    width: Math.max(72, ...lines.map(textWidth)) + 2 * BOX_PADDING,
    height: lines.length * LINE_HEIGHT + 2 * BOX_PADDING,
  };
}

function labelOf(id: string, lines: string[]): ElkLabel {
  return {
    id: `${id}::label`,
    text: lines.join('\n'),
    width: Math.max(...lines.map(textWidth)) + 6,
    height: lines.length * LINE_HEIGHT + 4,
  };
}

const ROOT_OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.spacing.nodeNode': '28',
  'elk.layered.spacing.nodeNodeBetweenLayers': '44',
  'elk.spacing.edgeLabel': '4',
  'elk.spacing.edgeNode': '14',
  'elk.layered.spacing.edgeNodeBetweenLayers': '14',
  'elk.edgeLabels.placement': 'CENTER',
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
};

interface GraphParts {
  graph: ElkNode;
  transitionsByEdge: Map<string, { transition: TransitionEntry | null; lines: string[] | null; id: string }>;
  headers: Map<string, { lines: string[]; headerHeight: number; compound: boolean; entry: StateEntry | null }>;
}

/** The ELK input graph of a machine: the root box holds every state; every edge is declared on the root. */
export function buildElkGraph(catalog: MachineCatalog): GraphParts {
  const headers: GraphParts['headers'] = new Map();
  const transitionsByEdge: GraphParts['transitionsByEdge'] = new Map();
  const byParent = new Map<string, StateEntry[]>();
  for (const state of catalog.states) {
    const parent = state.parent ?? catalog.machineId;
    byParent.set(parent, [...(byParent.get(parent) ?? []), state]);
  }
  const edges: ElkExtendedEdge[] = [];

  const initialDot = (parentId: string, initialId: string | null | undefined): ElkNode[] => {
    if (!initialId) return [];
    const dotId = `initial:${parentId}`;
    edges.push({ id: dotId, sources: [dotId], targets: [initialId] });
    transitionsByEdge.set(dotId, { transition: null, lines: null, id: dotId });
    return [{ id: dotId, width: 2 * INITIAL_RADIUS, height: 2 * INITIAL_RADIUS }];
  };

  const nodeFor = (id: string, state: StateEntry | null): ElkNode => {
    const isRoot = state === null;
    const lines = isRoot ? [`machine ${catalog.machineId}`] : stateLines(catalog, state);
    const children = byParent.get(id) ?? [];
    const compound = children.length > 0 || isRoot;
    const size = boxSize(lines);
    const headerHeight = size.height;
    headers.set(id, { lines, headerHeight, compound, entry: state });
    if (!compound) return { id, width: size.width, height: size.height };
    const initial = isRoot ? catalog.initial : state.initial;
    return {
      id,
      layoutOptions: {
        'elk.padding': `[top=${headerHeight + 6},left=14,bottom=14,right=14]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${size.width}, ${headerHeight + 20})`,
      },
      children: [...initialDot(id, initial), ...children.map((child) => nodeFor(child.id, child))],
    };
  };

  const rootNode = nodeFor(catalog.machineId, null);
  catalog.transitions.forEach((transition, index) => {
    const lines = transitionLines(catalog, transition);
    // Targetless transitions (stay, run actions) are drawn as loops on their source.
    const targets = transition.targets.length ? transition.targets : [transition.source];
    targets.forEach((target, targetIndex) => {
      const edgeId = `t${index}-${targetIndex}`;
      transitionsByEdge.set(edgeId, { transition, lines, id: transition.id });
      edges.push({
        id: edgeId,
        sources: [transition.source],
        targets: [target],
        labels: [labelOf(edgeId, lines)],
      });
    });
  });
  return {
    graph: { id: '__graph', layoutOptions: ROOT_OPTIONS, children: [rootNode], edges },
    transitionsByEdge,
    headers,
  };
}

interface Offsets {
  absolute: Map<string, Point>;
  boxes: Map<string, ElkNode>;
}

function collectOffsets(node: ElkNode, origin: Point, into: Offsets): void {
  for (const child of node.children ?? []) {
    const position = { x: origin.x + (child.x ?? 0), y: origin.y + (child.y ?? 0) };
    into.absolute.set(child.id, position);
    into.boxes.set(child.id, child);
    collectOffsets(child, position, into);
  }
}

function shift(point: ElkPoint, by: Point): Point {
  return { x: point.x + by.x, y: point.y + by.y };
}

/** Lays a machine's statechart out with the given ELK instance; coordinates in the result are absolute. */
export async function layoutStatechart(catalog: MachineCatalog, elk: ELK): Promise<StatechartLayout> {
  const { graph, transitionsByEdge, headers } = buildElkGraph(catalog);
  const result = await elk.layout(graph);
  const offsets: Offsets = { absolute: new Map([['__graph', { x: 0, y: 0 }]]), boxes: new Map() };
  collectOffsets(result, { x: 0, y: 0 }, offsets);

  const states: LaidOutState[] = [];
  const initials: LaidOutInitial[] = [];
  for (const [id, box] of offsets.boxes) {
    const at = offsets.absolute.get(id) ?? { x: 0, y: 0 };
    if (id.startsWith('initial:')) {
      initials.push({
        parent: id.slice('initial:'.length),
        cx: at.x + (box.width ?? 0) / 2,
        cy: at.y + (box.height ?? 0) / 2,
        r: INITIAL_RADIUS,
      });
      continue;
    }
    const header = headers.get(id);
    states.push({
      id,
      isRoot: id === catalog.machineId,
      entry: header?.entry ?? null,
      lines: header?.lines ?? [id],
      headerHeight: header?.headerHeight ?? LINE_HEIGHT,
      compound: header?.compound ?? false,
      x: at.x,
      y: at.y,
      width: box.width ?? 0,
      height: box.height ?? 0,
    });
  }

  const edges: LaidOutEdge[] = (result.edges ?? []).map((edge) => {
    // ELK reports edge coordinates relative to the edge's container node (the sources' and targets' common parent).
    const origin = offsets.absolute.get(edge.container ?? '__graph') ?? { x: 0, y: 0 };
    const points = (edge.sections ?? []).flatMap((section) => [
      shift(section.startPoint, origin),
      ...(section.bendPoints ?? []).map((point) => shift(point, origin)),
      shift(section.endPoint, origin),
    ]);
    const info = transitionsByEdge.get(edge.id);
    const label = edge.labels?.[0];
    return {
      id: info?.id ?? edge.id,
      transition: info?.transition ?? null,
      points,
      label:
        label && info?.lines
          ? {
              ...shift({ x: label.x ?? 0, y: label.y ?? 0 }, origin),
              width: label.width ?? 0,
              height: label.height ?? 0,
              lines: info.lines,
            }
          : null,
    };
  });

  return {
    machineId: catalog.machineId,
    width: Math.ceil(result.width ?? 0),
    height: Math.ceil(result.height ?? 0),
    states,
    edges,
    initials,
  };
}
