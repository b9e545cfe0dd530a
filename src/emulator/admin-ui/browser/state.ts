/** The admin UI's state across draws: the tab, the user search and its timers, and how to draw the page again. */
export const state = {
  tab: "users",
  q: "",
  searchTimer: 0,
  pollTimer: 0,
  render: async (): Promise<void> => {},
};
