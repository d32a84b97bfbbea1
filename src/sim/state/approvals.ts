// An account-limit increase request waiting for the simulated reviewer (handlers/approvals.ts).
export interface ApprovalRecord {
  id: string;
  teamId: number;
  requestedAt: number;
  summary: string;
  /** The reviewer's answer, given at requestedAt + REVIEW_SECONDS. */
  grant: boolean;
}
