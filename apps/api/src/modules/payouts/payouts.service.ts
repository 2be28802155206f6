import { addDays, istInstant } from '@rankwise/contract/bookings';
import {
  commissionOf,
  maskAccount,
  maskUpi,
  payoutMessages,
  type PayoutDetailsView,
  type PayoutLine,
  type PayoutRecord,
  type PayoutReport,
} from '@rankwise/contract/payouts';
import type { payoutDetailsRequestSchema } from '@rankwise/contract/payouts';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { CounsellorsRepository, PayoutDetailsRow } from '../counsellors/counsellors.service.ts';
import type { PayoutsRepository } from './payouts.repository.ts';

export type PayoutsDeps = {
  uow: UnitOfWork<{ payouts: PayoutsRepository; counsellors: CounsellorsRepository }>;
  /** Rankwise's commission, in percent of a session's price (COUNSELLOR_COMMISSION_PERCENT). */
  commissionPercent: number;
  now(): Date;
};

const basisPoints = (percent: number) => Math.round(percent * 100);

function masked(row: PayoutDetailsRow): PayoutDetailsView {
  const text = row.method === 'upi' ? maskUpi(row.upiId!) : `A/c ${maskAccount(row.accountNumber!)} · ${row.ifsc} · ${row.accountName}`;
  return { method: row.method, masked: text, updatedAt: row.updatedAt.toISOString() };
}

/** In full, for the admin who sends the money. */
function payTo(row: PayoutDetailsRow): string {
  return row.method === 'upi' ? `UPI ${row.upiId}` : `A/c ${row.accountNumber} IFSC ${row.ifsc} (${row.accountName})`;
}

async function ownApprovedCounsellor(d: PayoutsDeps, user: AuthUser) {
  const c = await d.uow.store.counsellors.findByUserId(user.id);
  if (!c || c.status !== 'approved') throw new AppError('FORBIDDEN', 'Only an approved counsellor has payout details.');
  return c;
}

/** `GET /counselor/payout-details`: masked, with the commission. */
export async function payoutDetails(d: PayoutsDeps, user: AuthUser): Promise<{ data: { details: PayoutDetailsView | null; commissionPercent: number } }> {
  const c = await ownApprovedCounsellor(d, user);
  const row = await d.uow.store.counsellors.payoutDetails(c.id);
  return { data: { details: row ? masked(row) : null, commissionPercent: d.commissionPercent } };
}

/** `PUT /counselor/payout-details`: replaces them; only the masked form is ever shown again. */
export async function savePayoutDetails(
  d: PayoutsDeps,
  user: AuthUser,
  v: z.output<typeof payoutDetailsRequestSchema>,
): Promise<{ data: { details: PayoutDetailsView | null; commissionPercent: number } }> {
  const c = await ownApprovedCounsellor(d, user);
  const values =
    v.method === 'upi'
      ? { counsellorId: c.id, method: 'upi' as const, upiId: v.upiId, accountName: null, accountNumber: null, ifsc: null }
      : { counsellorId: c.id, method: 'bank' as const, upiId: null, accountName: v.accountName, accountNumber: v.accountNumber, ifsc: v.ifsc };
  await d.uow.store.counsellors.savePayoutDetails(values, d.now());
  return payoutDetails(d, user);
}

/** The instants of a period of IST days: from the first day's midnight to the midnight after the last. */
const bounds = (from: string, to: string) => ({ start: istInstant(from, 0), end: istInstant(addDays(to, 1), 0) });

/** CSV text: quoted where needed; a cell that a spreadsheet would run as a formula is prefixed with '. */
function csvCell(v: string | number): string {
  let s = String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
const rupees = (paise: number) => (paise / 100).toFixed(2);

/** `GET /admin/payouts/report`: per counsellor, what became payable in the period and is not paid yet; the payouts recorded; a CSV. */
export async function report(d: PayoutsDeps, from: string, to: string): Promise<{ data: PayoutReport }> {
  const { start, end } = bounds(from, to);
  const due = await d.uow.store.payouts.due(start, end);
  const bp = basisPoints(d.commissionPercent);
  const byCounsellor = new Map<string, { sessions: number; gross: number }>();
  for (const s of due) {
    const t = byCounsellor.get(s.counsellorId) ?? { sessions: 0, gross: 0 };
    t.sessions += 1;
    t.gross += s.payablePaise;
    byCounsellor.set(s.counsellorId, t);
  }
  const lines: PayoutLine[] = [];
  for (const [counsellorId, t] of byCounsellor) {
    const c = (await d.uow.store.counsellors.findById(counsellorId))!;
    const details = await d.uow.store.counsellors.payoutDetails(counsellorId);
    lines.push({
      counsellorId,
      name: c.name,
      email: c.email,
      college: c.instituteName,
      method: details?.method ?? null,
      payTo: details ? payTo(details) : null,
      sessions: t.sessions,
      grossPaise: t.gross,
      ...commissionOf(t.gross, bp),
    });
  }
  lines.sort((a, b) => a.name.localeCompare(b.name) || a.counsellorId.localeCompare(b.counsellorId));
  const paid = (await d.uow.store.payouts.payoutsOverlapping(from, to)).map(toRecord);
  const header = [
    'counsellor_id',
    'name',
    'email',
    'college',
    'method',
    'pay_to',
    'sessions',
    'gross_inr',
    'commission_inr',
    'net_inr',
    'period_from',
    'period_to',
  ];
  const csvLines = lines.map((l) =>
    [
      l.counsellorId,
      l.name,
      l.email,
      l.college,
      l.method ?? '',
      l.payTo ?? 'NO PAYOUT DETAILS',
      l.sessions,
      rupees(l.grossPaise),
      rupees(l.commissionPaise),
      rupees(l.netPaise),
      from,
      to,
    ]
      .map(csvCell)
      .join(','),
  );
  return {
    data: {
      from,
      to,
      commissionPercent: d.commissionPercent,
      due: lines,
      paid,
      csv: { filename: `rankwise-payouts-${from}-to-${to}.csv`, content: [header.join(','), ...csvLines].join('\r\n') + '\r\n' },
    },
  };
}

function toRecord(p: Awaited<ReturnType<PayoutsRepository['payoutsOverlapping']>>[number]): PayoutRecord {
  return { ...p, paidAt: p.paidAt.toISOString() };
}

/**
 * `POST /admin/payouts/mark-paid`: records the payout of a counsellor's due sessions of the period
 * (the transfer itself happens outside Rankwise): one payout row, and each session leaves `payable`.
 */
export async function markPaid(
  d: PayoutsDeps,
  admin: AuthUser,
  v: { counsellorId: string; from: string; to: string; reference: string },
): Promise<{ data: PayoutRecord }> {
  if (v.from > v.to)
    throw new AppError('VALIDATION_FAILED', 'The last day must not be before the first', { to: ['The last day must not be before the first'] });
  const { start, end } = bounds(v.from, v.to);
  const now = d.now();
  const c = await d.uow.store.counsellors.findById(v.counsellorId);
  if (!c) throw new AppError('NOT_FOUND', 'No such counsellor.');
  const bp = basisPoints(d.commissionPercent);
  const record = await d.uow.transaction(async ({ payouts: repo, counsellors }) => {
    await repo.lockCounsellor(c.id);
    if (!(await counsellors.payoutDetails(c.id))) throw new AppError('CONFLICT', payoutMessages.noDetails);
    const due = await repo.due(start, end, c.id);
    if (due.length === 0) throw new AppError('CONFLICT', payoutMessages.nothingDue);
    const gross = due.reduce((a, s) => a + s.payablePaise, 0);
    const { commissionPaise, netPaise } = commissionOf(gross, bp);
    const p = await repo.insertPayout({
      counsellorId: c.id,
      periodFrom: v.from,
      periodTo: v.to,
      sessions: due.length,
      grossPaise: gross,
      commissionBasisPoints: bp,
      commissionPaise,
      netPaise,
      reference: v.reference,
      paidAt: now,
      paidBy: admin.id,
    });
    for (const s of due) await repo.payOut(s.bookingId, s.payablePaise, p.id, now);
    return p;
  });
  return {
    data: {
      id: record.id,
      counsellorId: c.id,
      name: c.name,
      periodFrom: record.periodFrom,
      periodTo: record.periodTo,
      sessions: record.sessions,
      grossPaise: record.grossPaise,
      commissionPaise: record.commissionPaise,
      netPaise: record.netPaise,
      reference: record.reference,
      paidAt: record.paidAt.toISOString(),
    },
  };
}
