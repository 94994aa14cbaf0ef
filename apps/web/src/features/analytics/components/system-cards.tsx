import { StatCard } from '@/components/ui/stat-card';
import { useSystemStats } from '../api/get-system';
import { FormError } from '@/components/ui/form-error';

/** "3d 4h", "2h 5m", "42s". */
export function formatUptime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${m}m`;
  if (m > 0) return `${m}m ${s % 60}s`;
  return `${s}s`;
}

/** "512 B", "1.5 MB". */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

/** The three system cards (API uptime, DB size, active sessions) from GET /stats/system. */
export function SystemCards() {
  const system = useSystemStats();
  if (system.isError) return <FormError message="Could not load the system status." />;
  const data = system.data;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <StatCard label="API uptime" value={data ? formatUptime(data.uptimeSeconds) : ''} loading={system.isPending} />
      <StatCard
        label="DB size"
        value={data ? formatBytes(data.databaseBytes) : ''}
        loading={system.isPending}
        hint={data ? (data.database === 'pglite' ? 'Embedded database (PGlite)' : 'PostgreSQL') : undefined}
      />
      <StatCard label="Active sessions" value={data ? data.activeSessions : ''} loading={system.isPending} />
    </div>
  );
}
