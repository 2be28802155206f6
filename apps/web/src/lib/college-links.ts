/** A seat of a program (program × quota × seat type × pool), as results and the history picker name it. */
export type SeatRef = { programName: string; quota: string; seatType: string; gender: string };

/**
 * The one link to a college's page: `/about-college?collegeName=<name>` (any name the server knows,
 * the id included), with the seat the history opens on when the link comes from a result.
 */
export function aboutCollegeUrl(collegeName: string, seat?: SeatRef): string {
  const s = new URLSearchParams({ collegeName });
  if (seat) {
    s.set('program', seat.programName);
    s.set('quota', seat.quota);
    s.set('seatType', seat.seatType);
    s.set('gender', seat.gender);
  }
  return `/about-college?${s.toString()}`;
}

/** The seat an about-college URL asks the history to open on, if it names all four parts. */
export function seatFromSearch(s: URLSearchParams): SeatRef | null {
  const programName = s.get('program');
  const quota = s.get('quota');
  const seatType = s.get('seatType');
  const gender = s.get('gender');
  return programName && quota && seatType && gender ? { programName, quota, seatType, gender } : null;
}

/** The counsellors of a college (spec §2 connect-students). */
export function connectStudentsUrl(collegeName: string): string {
  return `/connect-students?${new URLSearchParams({ collegeName }).toString()}`;
}

/** JoSAA quota codes as a student reads them. */
export const quotaLabels: Record<string, string> = {
  AI: 'All India',
  HS: 'Home state',
  OS: 'Other state',
  GO: 'Goa',
  JK: 'Jammu & Kashmir',
  LA: 'Ladakh',
  AP: 'Andhra Pradesh',
};

export const poolLabel = (gender: string) => (gender.startsWith('Female') ? 'Female-only' : 'Gender-neutral');
