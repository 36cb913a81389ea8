import {
  FONT_SIZE,
  type LaidOutEdge,
  type LaidOutState,
  LINE_HEIGHT,
  type StatechartLayout,
} from './statechart-layout.ts';

/**
 * Draws a laid-out statechart as a standalone SVG string: the /flows page injects it, reports/paths.html inlines
 * it, tests parse it. Every state is a `<g data-state-id>` and every transition a `<g data-transition-id>` (ids
 * from the machine catalog) with a `<title>` (the description, e.g. the spec section) for tooltips. Status is
 * shown by colour and by a text marker, so it reads without colour too.
 */

export type ItemStatus = 'active' | 'taken' | 'covered' | 'uncovered';

export interface SvgOptions {
  /** Prefix for ids inside the SVG (markers): unique per document when several diagrams share a page. */
  idPrefix: string;
  /** The accessible name of the whole picture. */
  title: string;
  stateStatus?: Readonly<Record<string, ItemStatus | undefined>>;
  transitionStatus?: Readonly<Record<string, ItemStatus | undefined>>;
}

interface Palette {
  stroke: string;
  fill: string;
  text: string;
  width: number;
  dash: string | null;
  marker: string;
  words: string;
}

const PALETTE: Record<ItemStatus | 'none', Palette> = {
  none: { stroke: '#4a4a4a', fill: '#ffffff', text: '#1a1a1a', width: 1.5, dash: null, marker: '', words: '' },
  active: {
    stroke: '#1a5fb4',
    fill: '#fff1a8',
    text: '#1a1a1a',
    width: 3.5,
    dash: null,
    marker: '▶ ',
    words: 'current',
  },
  taken: {
    stroke: '#1a5fb4',
    fill: '#ffffff',
    text: '#0d3b7a',
    width: 3,
    dash: null,
    marker: '▶ ',
    words: 'just taken',
  },
  covered: {
    stroke: '#0b5d1e',
    fill: '#e3f4e6',
    text: '#0b5d1e',
    width: 2,
    dash: null,
    marker: '✓ ',
    words: 'covered',
  },
  uncovered: {
    stroke: '#a4000f',
    fill: '#fde7e9',
    text: '#a4000f',
    width: 2.5,
    dash: '6 3',
    marker: '✗ ',
    words: 'uncovered',
  },
};

export function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const round = (n: number) => Math.round(n * 10) / 10;

function textBlock(lines: readonly string[], x: number, y: number, palette: Palette, firstBold: boolean): string {
  return lines
    .map((line, index) => {
      const weight = firstBold && index === 0 ? ' font-weight="600"' : '';
      return `<text x="${round(x)}" y="${round(y + index * LINE_HEIGHT)}" fill="${palette.text}"${weight}>${escapeXml(line)}</text>`;
    })
    .join('');
}

function stateTitle(state: LaidOutState, status: ItemStatus | undefined): string {
  const name = state.isRoot ? `machine ${state.id}` : `state ${state.entry?.path ?? state.id}`;
  const description = state.entry?.description ?? null;
  const words = status ? ` (${PALETTE[status].words})` : '';
  return `${name}${words}${description ? `: ${description}` : ''}`;
}

function renderState(state: LaidOutState, status: ItemStatus | undefined): string {
  const palette = PALETTE[status ?? 'none'];
  const isFinal = state.entry?.type === 'final';
  const isHistory = state.entry?.type === 'history';
  const dash = palette.dash ? ` stroke-dasharray="${palette.dash}"` : '';
  const common = `stroke="${palette.stroke}" stroke-width="${palette.width}"${dash}`;
  const fill = state.isRoot && !status ? '#f7f7f7' : palette.fill;
  const radius = isHistory ? Math.min(state.height, state.width) / 2 : 8;
  let shapes = `<rect x="${round(state.x)}" y="${round(state.y)}" width="${round(state.width)}" height="${round(state.height)}" rx="${round(radius)}" fill="${fill}" ${common}/>`;
  if (isFinal) {
    // A final state reads as a double border, as in UML statecharts.
    shapes += `<rect x="${round(state.x + 4)}" y="${round(state.y + 4)}" width="${round(state.width - 8)}" height="${round(state.height - 8)}" rx="5" fill="none" stroke="${palette.stroke}" stroke-width="1"/>`;
  }
  if (state.compound) {
    shapes += `<line x1="${round(state.x)}" y1="${round(state.y + state.headerHeight)}" x2="${round(state.x + state.width)}" y2="${round(state.y + state.headerHeight)}" stroke="${palette.stroke}" stroke-width="1"/>`;
  }
  const lines = [...state.lines];
  lines[0] = `${palette.marker}${lines[0] ?? ''}`;
  const text = textBlock(lines, state.x + 8, state.y + 8 + FONT_SIZE, palette, true);
  const statusAttr = status ? ` data-status="${status}"` : '';
  const current = status === 'active' ? ' aria-current="true"' : '';
  return `<g class="flow-state" data-state-id="${escapeXml(state.id)}"${statusAttr}${current}><title>${escapeXml(stateTitle(state, status))}</title>${shapes}${text}</g>`;
}

function pathData(edge: LaidOutEdge): string {
  return edge.points.map((point, index) => `${index === 0 ? 'M' : 'L'}${round(point.x)} ${round(point.y)}`).join(' ');
}

function edgeTitle(edge: LaidOutEdge, status: ItemStatus | undefined): string {
  const words = status ? ` (${PALETTE[status].words})` : '';
  const transition = edge.transition;
  if (!transition) return `initial state${words}`;
  return `${transition.id}${words}${transition.description ? `: ${transition.description}` : ''}`;
}

function renderEdge(edge: LaidOutEdge, status: ItemStatus | undefined, idPrefix: string): string {
  const key = status ?? 'none';
  const palette = PALETTE[key];
  const dash = palette.dash ? ` stroke-dasharray="${palette.dash}"` : '';
  const path = `<path d="${pathData(edge)}" fill="none" stroke="${palette.stroke}" stroke-width="${palette.width}"${dash} marker-end="url(#${idPrefix}-arrow-${key})"/>`;
  let label = '';
  if (edge.label) {
    const lines = [...edge.label.lines];
    lines[0] = `${palette.marker}${lines[0] ?? ''}`;
    const extra = palette.marker ? 2 * 7 : 0;
    label = `<rect x="${round(edge.label.x - 2)}" y="${round(edge.label.y)}" width="${round(edge.label.width + extra + 4)}" height="${round(edge.label.height)}" fill="#ffffff" fill-opacity="0.9"/>${textBlock(lines, edge.label.x + 1, edge.label.y + FONT_SIZE + 1, palette, false)}`;
  }
  const kind = edge.transition ? 'flow-transition' : 'flow-initial';
  const statusAttr = status ? ` data-status="${status}"` : '';
  return `<g class="${kind}" data-transition-id="${escapeXml(edge.id)}"${statusAttr}><title>${escapeXml(edgeTitle(edge, status))}</title>${path}${label}</g>`;
}

function markers(idPrefix: string): string {
  return Object.entries(PALETTE)
    .map(
      ([key, palette]) =>
        `<marker id="${idPrefix}-arrow-${key}" viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" markerWidth="10" markerHeight="10" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="${palette.stroke}"/></marker>`,
    )
    .join('');
}

/** The statechart as an SVG document fragment (an `<svg>` element with the xmlns, usable inline in HTML). */
export function renderStatechartSvg(layout: StatechartLayout, options: SvgOptions): string {
  const prefix = options.idPrefix.replace(/[^A-Za-z0-9_-]/g, '-');
  // Outer boxes first so nested boxes, then edges and their labels, paint on top.
  const states = [...layout.states]
    .sort((a, b) => b.width * b.height - a.width * a.height)
    .map((state) => renderState(state, options.stateStatus?.[state.id]))
    .join('');
  const initials = layout.initials
    .map(
      (dot) =>
        `<circle class="flow-initial-dot" cx="${round(dot.cx)}" cy="${round(dot.cy)}" r="${dot.r}" fill="#1a1a1a"><title>initial state of ${escapeXml(dot.parent)}</title></circle>`,
    )
    .join('');
  const edges = layout.edges.map((edge) => renderEdge(edge, options.transitionStatus?.[edge.id], prefix)).join('');
  const width = layout.width + 4;
  const height = layout.height + 4;
  return `<svg xmlns="http://www.w3.org/2000/svg" class="flow-diagram" role="img" aria-labelledby="${prefix}-title" viewBox="-2 -2 ${width} ${height}" width="${width}" height="${height}" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="${FONT_SIZE}"><title id="${prefix}-title">${escapeXml(options.title)}</title><defs>${markers(prefix)}</defs>${states}${initials}${edges}</svg>`;
}
