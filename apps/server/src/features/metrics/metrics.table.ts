/** One row per user and calendar day (server's time zone) with at least one signed-in call. */
export interface UserActivityDaysTable {
  day: string;
  user_id: number;
}
