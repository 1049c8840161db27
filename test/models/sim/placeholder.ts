/** Values a report written from real sources never needs: template leftovers and stock fillers. */
export const PLACEHOLDER = /as recorded for|^recorded$|^workspace sources$|^ok as observed$|\bTBD\b|\bTODO\b|placeholder|\$\{|\{\{/i;
