// Charts of the dashboard (recharts). Every series differs by line pattern and marker as well as colour,
// and is named in the legend, so the charts read without colour.
import type { TProductTab } from '@feedloom/validation';
import { PRODUCT_TAB_LABELS } from '@feedloom/validation';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { RouterOutputs } from '@/lib/trpc';

type Trend = RouterOutputs['dashboard']['productDiagnostics']['trend'];
type HealthDays = RouterOutputs['dashboard']['apiHealth']['days'];

/** The statuses the trend draws, each with its own dash pattern and marker. */
export const TREND_SERIES: readonly { tab: TProductTab; color: string; dash: string; dot: 'circle' | 'square' | 'triangle' | 'diamond' | 'cross' }[] = [
  { tab: 'all', color: '#195279', dash: '0', dot: 'circle' },
  { tab: 'published', color: '#1f7a3f', dash: '6 3', dot: 'square' },
  { tab: 'error', color: '#b42318', dash: '2 2', dot: 'triangle' },
  { tab: 'warning', color: '#b54708', dash: '8 3 2 3', dot: 'diamond' },
  { tab: 'disapproved', color: '#6941c6', dash: '1 4', dot: 'cross' },
];

const shortDay = (day: string) => day.slice(5);

function Marker({ cx, cy, shape, color }: { cx?: number; cy?: number; shape: string; color: string }) {
  if (cx === undefined || cy === undefined) return null;
  const s = 4;
  if (shape === 'square') return <rect x={cx - s} y={cy - s} width={s * 2} height={s * 2} fill={color} />;
  if (shape === 'triangle') return <path d={`M${cx},${cy - s - 1} L${cx + s + 1},${cy + s} L${cx - s - 1},${cy + s} Z`} fill={color} />;
  if (shape === 'diamond') return <path d={`M${cx},${cy - s - 1} L${cx + s + 1},${cy} L${cx},${cy + s + 1} L${cx - s - 1},${cy} Z`} fill={color} />;
  if (shape === 'cross')
    return <path d={`M${cx - s},${cy - s} L${cx + s},${cy + s} M${cx + s},${cy - s} L${cx - s},${cy + s}`} stroke={color} strokeWidth={2} />;
  return <circle cx={cx} cy={cy} r={s} fill={color} />;
}

export function StatusTrendChart({ trend }: { trend: Trend }) {
  const rows = trend.map((p) => ({ day: p.day, ...p.counts }));
  return (
    <figure aria-label="Product status trend chart" className="h-72">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis dataKey="day" tickFormatter={shortDay} fontSize={12} />
          <YAxis allowDecimals={false} fontSize={12} width={48} />
          <Tooltip />
          <Legend />
          {TREND_SERIES.map((s) => (
            <Line
              key={s.tab}
              type="monotone"
              dataKey={s.tab}
              name={PRODUCT_TAB_LABELS[s.tab]}
              stroke={s.color}
              strokeDasharray={s.dash}
              strokeWidth={2}
              isAnimationActive={false}
              dot={(props: { cx?: number; cy?: number; index?: number }) => (
                <Marker key={`${s.tab}-${props.index}`} cx={props.cx} cy={props.cy} shape={s.dot} color={s.color} />
              )}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}

export function ApiHealthChart({ days }: { days: HealthDays }) {
  return (
    <figure aria-label="API health chart" className="h-64">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={days} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <defs>
            <pattern id="api-failed" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
              <rect width="6" height="6" fill="#b42318" />
              <line x1="0" y1="0" x2="0" y2="6" stroke="#fff" strokeWidth="2" />
            </pattern>
            <pattern id="api-retried" width="6" height="6" patternUnits="userSpaceOnUse">
              <rect width="6" height="6" fill="#b54708" />
              <circle cx="3" cy="3" r="1.2" fill="#fff" />
            </pattern>
          </defs>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis dataKey="day" tickFormatter={shortDay} fontSize={12} />
          <YAxis allowDecimals={false} fontSize={12} width={48} />
          <Tooltip />
          <Legend />
          <Bar dataKey="calls" name="Calls" fill="#195279" isAnimationActive={false} />
          <Bar dataKey="failed" name="Failed (striped)" fill="url(#api-failed)" isAnimationActive={false} />
          <Bar dataKey="retried" name="Retried (dotted)" fill="url(#api-retried)" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
