/**
 * A date picked as day, month and year, written as the demo writes every date ("26 Nov 2026"), where a native date
 * input would show the browser's own format (mm/dd/yyyy in an American English browser) beside the demo's.
 */
import { useState } from "react";

const MONTHS = Array.from({ length: 12 }, (_, month) =>
  new Date(Date.UTC(2000, month, 1)).toLocaleDateString("en-GB", { month: "short", timeZone: "UTC" }),
);

/** How many days `month` (1–12) has in `year`. */
function daysIn(month: number, year: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The parts of "YYYY-MM-DD" ("" for each part of an empty value). */
function partsOf(value: string): [string, string, string] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? [String(Number(match[3])), String(Number(match[2])), match[1]!] : ["", "", ""];
}

/** Day, month and year selects for a "YYYY-MM-DD" value ("": none); `onChange` gets "" until all three are chosen. */
export function DateFields(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const [parts, setParts] = useState(() => partsOf(props.value));
  const [shownValue, setShownValue] = useState(props.value);
  if (props.value !== shownValue) {
    // the value changed from outside (settings loaded): show it
    setShownValue(props.value);
    setParts(partsOf(props.value));
  }
  const [, month, year] = parts;
  const firstYear = Math.min(new Date().getUTCFullYear(), year === "" ? Infinity : Number(year));
  const lastYear = Math.max(firstYear + 5, year === "" ? 0 : Number(year));
  const years = Array.from({ length: lastYear - firstYear + 1 }, (_, offset) => String(firstYear + offset));
  const days = month === "" ? 31 : daysIn(Number(month), year === "" ? 2000 : Number(year));
  const change = (index: 0 | 1 | 2, part: string) => {
    const next: [string, string, string] = [...parts];
    next[index] = part;
    if (next[0] && next[1] && Number(next[0]) > daysIn(Number(next[1]), next[2] ? Number(next[2]) : 2000)) next[0] = "";
    setParts(next);
    const [d, m, y] = next;
    const value = d && m && y ? `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}` : "";
    setShownValue(value);
    props.onChange(value);
  };
  const choices = [
    { name: "Day", options: plain(Array.from({ length: days }, (_, index) => String(index + 1))) },
    { name: "Month", options: MONTHS.map((label, index) => ({ value: String(index + 1), label })) },
    { name: "Year", options: plain(years) },
  ];
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would bring its own border and legend layout; the group role names the three selects together
    <span className="date-fields" role="group" aria-label={props.label}>
      {choices.map((choice, index) => (
        <PartSelect
          key={choice.name}
          {...choice}
          value={parts[index]!}
          disabled={props.disabled}
          onChange={(value) => change(index as 0 | 1 | 2, value)}
        />
      ))}
    </span>
  );
}

/** Options whose value is also their label. */
const plain = (values: string[]) => values.map((value) => ({ value, label: value }));

/** One part of the date: a select named `name` (its label and its empty choice) over `options`. */
function PartSelect(props: {
  name: string;
  value: string;
  options: { value: string; label: string }[];
  disabled: boolean | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <select
      aria-label={props.name}
      value={props.value}
      disabled={props.disabled}
      onChange={(event) => props.onChange(event.target.value)}
    >
      <option value="">{props.name}</option>
      {props.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
