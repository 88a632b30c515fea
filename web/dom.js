// The page's elements by id: every module of the page reads and sets its controls by them.
export const $ = (id) => document.getElementById(id);
