/**
 * The audit log (admins): filters that live in the address (shareable, and Back returns to the previous ones), the
 * entries newest first with times in the college's time zone and the browser each came from, "Load more" for the
 * next page (keyset), and the same filters as a CSV download.
 */
import { useState, type FormEvent } from 'react';
import { Button, Table } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useSearchParams } from 'react-router-dom';
import { AUDIT_ACTIONS } from '../../kernel/staff/audit';
import { STAFF_API } from '../../kernel/staff/paths';
import { errorMessage } from '../api';
import { useCollegeTime } from '../time';
import { ErrorMessage, Field, TextField, usePageTitle } from '../ui';
import { browserName } from './browserName';
import { useAuditLogInfiniteQuery, type AuditRow } from './endpoints';
import { apiQuery, filtersFrom, filtersToParams, type AuditFilters } from './filters';

function FilterForm({ initial, onApply }: { initial: AuditFilters; onApply: (filters: AuditFilters) => void }) {
  const [filters, setFilters] = useState(initial);
  const set = (key: keyof AuditFilters) => (value: string) => setFilters((current) => ({ ...current, [key]: value }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply(filters);
  };
  return (
    <form className="staff-panel" onSubmit={onSubmit} aria-labelledby="filters-heading">
      <h2 id="filters-heading">Filters</h2>
      <div className="staff-row">
        <TextField
          id="actor"
          label="Actor email"
          type="email"
          name="actor"
          autoComplete="off"
          value={filters.actor}
          onChange={(event) => set('actor')(event.target.value)}
        />
        <Field id="action" label="Action">
          {(aria) => (
            <select
              {...aria}
              name="action"
              className="staff-select"
              value={filters.action}
              onChange={(event) => set('action')(event.target.value)}
            >
              <option value="">Any action</option>
              {AUDIT_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {action}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField
          id="from"
          label="From date"
          type="date"
          name="from"
          value={filters.from}
          onChange={(event) => set('from')(event.target.value)}
        />
        <TextField
          id="to"
          label="To date"
          type="date"
          name="to"
          value={filters.to}
          onChange={(event) => set('to')(event.target.value)}
        />
      </div>
      <div className="staff-row">
        <Button type="primary" htmlType="submit">
          Apply filters
        </Button>
        <Button onClick={() => onApply({ actor: '', action: '', from: '', to: '' })}>Clear filters</Button>
      </div>
    </form>
  );
}

/**
 * The browser an entry came from, as a person reads it, opening to the whole user agent (the CSV's user_agent). A
 * CLI command or an admin API call without one shows a dash.
 */
function Browser({ userAgent }: { userAgent: string }) {
  if (!userAgent.trim()) return <>—</>;
  return (
    <details className="staff-ua">
      <summary>{browserName(userAgent)}</summary>
      <span className="staff-ua-full">{userAgent}</span>
    </details>
  );
}

export default function AuditPage() {
  usePageTitle('Audit log');
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const { zone, ready, time } = useCollegeTime();
  const query = apiQuery(filters, zone);
  // The days are the college's: the log waits until its zone is known.
  const log = useAuditLogInfiniteQuery(ready ? query : skipToken);
  const rows = log.data?.pages.flatMap((page) => page.rows) ?? [];
  const csvQuery = new URLSearchParams(query as Record<string, string>).toString();

  const apply = (next: AuditFilters) => setParams(filtersToParams(next));

  return (
    <>
      <h1>Audit log</h1>
      <p>Every sign-in, change and read of the console, newest first. Dates and times are the college’s ({zone}).</p>
      {/* Keyed by the address: Back shows the filters the address now holds. */}
      <FilterForm key={params.toString()} initial={filters} onApply={apply} />
      {log.isError ? (
        <ErrorMessage message={errorMessage(log.error)} />
      ) : (
        <section aria-labelledby="entries-heading">
          <div className="staff-row" style={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <h2 id="entries-heading">Entries</h2>
            <Button href={`${STAFF_API}/audit.csv${csvQuery ? `?${csvQuery}` : ''}`} download>
              Download CSV
            </Button>
          </div>
          <p role="status">
            {log.isFetching ? 'Loading entries…' : `${rows.length} ${rows.length === 1 ? 'entry' : 'entries'} shown.`}
          </p>
          <div className="staff-scroll" tabIndex={0} role="region" aria-label="Audit log entries">
            <Table<AuditRow>
              className="staff-audit-table"
              rowKey="id"
              dataSource={rows}
              loading={!ready || log.isLoading}
              pagination={false}
              locale={{ emptyText: 'No entries match these filters.' }}
              columns={[
                {
                  title: `Time (${zone})`,
                  dataIndex: 'at',
                  key: 'at',
                  render: (at: string) => <time dateTime={at}>{time(at)}</time>,
                },
                { title: 'Actor', dataIndex: 'actor', key: 'actor' },
                { title: 'Action', dataIndex: 'action', key: 'action' },
                { title: 'Target', dataIndex: 'target', key: 'target' },
                { title: 'Detail', dataIndex: 'detail', key: 'detail' },
                { title: 'IP', dataIndex: 'ip', key: 'ip' },
                {
                  title: 'Browser',
                  dataIndex: 'userAgent',
                  key: 'userAgent',
                  render: (userAgent: string) => <Browser userAgent={userAgent} />,
                },
              ]}
            />
          </div>
          {log.hasNextPage && (
            <Button style={{ marginTop: 16 }} onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
              Load more
            </Button>
          )}
        </section>
      )}
    </>
  );
}
