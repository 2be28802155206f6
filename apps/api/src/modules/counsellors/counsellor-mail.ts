import type { Mail } from '../../plugins/mail.ts';

/** What the counsellor e-mails need to know about the site. */
export type CounsellorMailSettings = { publicUrl: string; productName: string; supportEmail: string; commissionPercent: number };

const base = (s: CounsellorMailSettings) => s.publicUrl.replace(/\/+$/, '');
const sign = (s: CounsellorMailSettings) => `\n\n${s.productName}\nQuestions: ${s.supportEmail}`;

/** The enrolment code to a college address. */
export function studentCodeMail(s: CounsellorMailSettings, v: { to: string; code: string; college: string }): Mail {
  return {
    to: v.to,
    subject: `${v.code} is your ${s.productName} student verification code`,
    text:
      `Someone (we hope you) is applying to counsel students on ${s.productName} as a current student of ${v.college}.\n\n` +
      `Your code: ${v.code}\n\nIt is valid for 15 minutes. If this was not you, ignore this e-mail: nothing happens without the code.` +
      sign(s),
  };
}

export function applicationApprovedMail(s: CounsellorMailSettings, v: { to: string; name: string; college: string; note: string | null }): Mail {
  return {
    to: v.to,
    subject: `You are now a ${s.productName} counsellor for ${v.college}`,
    text:
      `Hello ${v.name},\n\nAn admin approved your application: students can now find you and book sessions with you.\n` +
      (v.note ? `\nThe admin's note: ${v.note}\n` : '') +
      `\nAdd your payout details (UPI ID or bank account) on your dashboard so we can pay you: ${base(s)}/counsellor\n` +
      `Rankwise keeps a commission of ${s.commissionPercent}% of each completed session's price; the rest is paid to you.` +
      sign(s),
  };
}

export function applicationRejectedMail(s: CounsellorMailSettings, v: { to: string; name: string; college: string; note: string }): Mail {
  return {
    to: v.to,
    subject: `Your ${s.productName} counsellor application for ${v.college}`,
    text:
      `Hello ${v.name},\n\nAn admin could not approve your application this time.\n\nThe reason: ${v.note}\n\n` +
      `You may apply again with updated details: ${base(s)}/counsellor` +
      sign(s),
  };
}

export function profileChangeMail(s: CounsellorMailSettings, v: { to: string; name: string; published: boolean; note: string | null }): Mail {
  return {
    to: v.to,
    subject: v.published ? `Your ${s.productName} profile changes are live` : `Your ${s.productName} profile changes were not published`,
    text:
      `Hello ${v.name},\n\n` +
      (v.published
        ? 'An admin approved your profile changes: students now see them.\n'
        : 'An admin did not publish your profile changes; your profile stays as it was.\n') +
      (v.note ? `\nThe admin's note: ${v.note}\n` : '') +
      `\nYour profile: ${base(s)}/counsellor` +
      sign(s),
  };
}

export function counsellorJoinedMail(s: CounsellorMailSettings, v: { to: string; college: string; stopToken: string }): Mail {
  const stop = `${base(s)}/counsellors/stop?token=${encodeURIComponent(v.stopToken)}`;
  return {
    to: v.to,
    subject: `A counsellor from ${v.college} has joined ${s.productName}`,
    text:
      `You asked us to tell you when a current student of ${v.college} joins as a counsellor. One has.\n\n` +
      `Book a session: ${base(s)}/connect-students?collegeName=${encodeURIComponent(v.college)}\n\n` +
      `This is the only e-mail you get for this request. Changed your mind before it came? Stop such e-mails with one click: ${stop}` +
      sign(s),
  };
}

export function watchConfirmMail(s: CounsellorMailSettings, v: { to: string; college: string; stopToken: string }): Mail {
  const stop = `${base(s)}/counsellors/stop?token=${encodeURIComponent(v.stopToken)}`;
  return {
    to: v.to,
    subject: `We will tell you when a counsellor from ${v.college} joins`,
    text:
      `You asked ${s.productName} to e-mail you once when a current student of ${v.college} joins as a counsellor.\n\n` +
      `Stop this with one click: ${stop}` +
      sign(s),
  };
}
