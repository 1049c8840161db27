/**
 * The one script of the HTML report: sortable tables. A click on a column header sorts
 * the rows by that column (again: the other way); `report.html#sort=<column>[:desc]`
 * opens sorted, so a sorted view can be linked. Cells carry their sort value in `data-v`
 * (a number, or text); an empty value (no data) sorts last either way. Inline and tiny,
 * so the report stays one file that opens offline.
 */
export const TABLE_SORT_SCRIPT = `(function () {
  function value(cell) {
    var v = cell.getAttribute("data-v");
    if (v === null || v === "") return null;
    var n = Number(v);
    return isNaN(n) ? v : n;
  }
  function sortTable(table, col, dir) {
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = value(a.cells[col]), y = value(b.cells[col]);
      if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
      var c = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
      return dir * c;
    });
    rows.forEach(function (r) { body.appendChild(r); });
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, i) {
      th.setAttribute("aria-sort", i === col ? (dir > 0 ? "ascending" : "descending") : "none");
    });
  }
  var tables = document.querySelectorAll("table.sortable");
  Array.prototype.forEach.call(tables, function (table) {
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, i) {
      th.addEventListener("click", function () { sortTable(table, i, th.getAttribute("aria-sort") === "ascending" ? -1 : 1); });
    });
  });
  var m = /^#sort=([\\w-]+)(:desc)?$/.exec(location.hash);
  if (m && tables.length > 0) {
    var heads = tables[0].tHead.rows[0].cells;
    for (var i = 0; i < heads.length; i++) if (heads[i].getAttribute("data-key") === m[1]) sortTable(tables[0], i, m[2] ? -1 : 1);
  }
})();`;
