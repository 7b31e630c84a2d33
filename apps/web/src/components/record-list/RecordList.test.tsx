import { act, fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useLocation } from "react-router";
import { renderWithProviders } from "../shared/test-utils.tsx";
import { RecordList, type RecordListQuery } from "./RecordList.tsx";
import { useListParams } from "./useListParams.ts";

interface Fruit {
  id: number;
  name: string;
}

const FRUITS: Fruit[] = Array.from({ length: 45 }, (_, i) => ({ id: i + 1, name: i % 2 ? `Алим ${i + 1}` : `Лийр ${i + 1}` }));
const PAGE_SIZE = 20;

/** A screen as the record lists use it: a kind filter and a search in the address, the server's paging faked from FRUITS. */
function FruitList({ state }: { state?: Partial<RecordListQuery<Fruit>> }) {
  const list = useListParams(["kind"] as const);
  const matching = FRUITS.filter((f) => (!list.filters.kind || f.name.startsWith(list.filters.kind)) && f.name.includes(list.search.settled));
  const query: RecordListQuery<Fruit> = {
    data: { items: matching.slice((list.page - 1) * PAGE_SIZE, list.page * PAGE_SIZE), total: matching.length },
    isPending: false,
    isError: false,
    refetch: () => undefined,
    ...state,
  };
  const location = useLocation();
  return (
    <>
      <output data-testid="address">{location.search}</output>
      <input aria-label="Хайх" value={list.search.text} onChange={(e) => list.search.setText(e.currentTarget.value)} />
      <button onClick={() => list.setFilter("kind", "Алим")}>Алим</button>
      <RecordList
        query={query}
        pageSize={PAGE_SIZE}
        page={list.page}
        onPageChange={list.setPage}
        empty={{ text: "Жимс алга." }}
        totalLabel={(n) => `${n} жимс`}
      >
        {(items) => (
          <ul>
            {items.map((f) => (
              <li key={f.id}>{f.name}</li>
            ))}
          </ul>
        )}
      </RecordList>
    </>
  );
}

describe("RecordList with its params in the address", () => {
  it("reads filters, search and page from a shared link and shows that page of rows", () => {
    renderWithProviders(<FruitList />, { path: "/?kind=%D0%90%D0%BB%D0%B8%D0%BC&page=2" });
    expect(screen.getByText("22 жимс")).toBeInTheDocument();
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
    expect(screen.getByRole("button", { name: /2/, current: "page" })).toBeInTheDocument();
  });

  it("writes a filter to the address and starts again at page 1", () => {
    renderWithProviders(<FruitList />, { path: "/?page=2" });
    fireEvent.click(screen.getByRole("button", { name: "Алим" }));
    const address = new URLSearchParams(screen.getByTestId("address").textContent ?? "");
    expect(address.get("kind")).toBe("Алим");
    expect(address.get("page")).toBeNull();
    expect(screen.getByText("22 жимс")).toBeInTheDocument();
  });

  it("puts a settled search in the address as q, then a search box from the address reads it back", () => {
    vi.useFakeTimers();
    try {
      renderWithProviders(<FruitList />, { path: "/?page=3" });
      fireEvent.change(screen.getByLabelText("Хайх"), { target: { value: "Лийр 1" } });
      act(() => void vi.advanceTimersByTime(400));
      const address = new URLSearchParams(screen.getByTestId("address").textContent ?? "");
      expect(address.get("q")).toBe("Лийр 1");
      expect(address.get("page")).toBeNull();
    } finally {
      vi.useRealTimers();
    }
    renderWithProviders(<FruitList />, { path: "/?q=%D0%9B%D0%B8%D0%B9%D1%80%201" });
    expect(screen.getAllByLabelText("Хайх")[1]).toHaveValue("Лийр 1");
  });

  it("changes page through the pagination and keeps the filters", () => {
    renderWithProviders(<FruitList />, { path: "/?kind=%D0%9B%D0%B8%D0%B9%D1%80" });
    expect(screen.getAllByRole("listitem")).toHaveLength(20);
    fireEvent.click(screen.getByRole("button", { name: "Дараагийн хуудас" }));
    const address = new URLSearchParams(screen.getByTestId("address").textContent ?? "");
    expect(address.get("page")).toBe("2");
    expect(address.get("kind")).toBe("Лийр");
    expect(screen.getAllByRole("listitem")).toHaveLength(3);
  });

  it("shows the calm empty state with the screen's text when nothing matches", () => {
    renderWithProviders(<FruitList state={{ data: { items: [], total: 0 } }} />);
    expect(screen.getByTestId("list-empty")).toBeInTheDocument();
    expect(screen.getByText("Жимс алга.")).toBeInTheDocument();
    expect(screen.queryByRole("listitem")).toBeNull();
  });

  it("shows the error state on a failed load and retries it", () => {
    const refetch = vi.fn();
    renderWithProviders(<FruitList state={{ data: undefined, isError: true, refetch }} />);
    expect(screen.getByText("Мэдээлэл олдсонгүй!")).toBeInTheDocument();
    expect(screen.queryByTestId("list-empty")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Дахин оролдох" }));
    expect(refetch).toHaveBeenCalled();
  });

  it("shows a named loader while the first page loads", () => {
    renderWithProviders(<FruitList state={{ data: undefined, isPending: true }} />);
    expect(screen.getByLabelText("Жагсаалтыг ачаалж байна")).toBeInTheDocument();
    expect(screen.queryByTestId("list-empty")).toBeNull();
  });
});
