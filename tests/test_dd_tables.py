"""cardcore.bridge.dd_tables and ``cardcore dd``: tables in parallel (local processes and Ray)
equal to ``dd_table``; deal files (PBN, LIN) in, PBN with ``OptimumResultTable`` out, read back
by endplay and checked against endplay's DDS; malformed files are clear errors."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cardcore import CardcoreError, FormatError
from cardcore.bridge import Deal, dd_table, dd_tables
from cardcore.bridge.lin import deal_to_md
from cardcore.bridge.tables import parse_pbn_file, read_deal_file, to_pbn
from cardcore.cli import main

# six random deals among the quicker ones to solve (keeps the test short; agreement with DDS on
# every kind of deal is tests/test_dds.py's job)
DEALS = [Deal.random(k) for k in (1004, 1013, 1021, 1035, 1037, 1038)]


@pytest.fixture(scope="module")
def reference():
    return [dd_table(d, threads=1) for d in DEALS]


def _pbn_file(path, deals):
    lines = ["% PBN 2.1", "% EXPORT", ""]
    for k, d in enumerate(deals, 1):
        lines += ["; a comment", '[Event "cardcore test"]', f'[Board "{k}"]', '[Dealer "E"]',
                  '[Vulnerable "NS"]', f'[Deal "{d.to_pbn("E")}"]', '[Auction "E"]',
                  "1NT Pass 3NT AP", ""]
    path.write_text("\n".join(lines))
    return path


def _lin_file(path, deals):
    path.write_text("".join(
        f"pn|a,b,c,d|st||md|{deal_to_md(d, k % 4)}|rh||ah|Board {k + 1}|sv|e|mb|p|\n"
        for k, d in enumerate(deals)))
    return path


def test_local_engine_two_workers_in_order(reference):
    got = dd_tables(DEALS, workers=2)
    assert got == reference
    # PBN strings too, in order; one worker and a tiny list stay in this process
    assert dd_tables([d.to_pbn() for d in DEALS[:3]], workers=1) == reference[:3]
    assert dd_tables(DEALS[:1]) == reference[:1]
    assert dd_tables([]) == []


def test_bad_deals_are_clear_errors():
    with pytest.raises(FormatError, match="deal 1"):
        dd_tables([DEALS[0], "N:AKQ.. nonsense"], workers=2)
    with pytest.raises(FormatError, match="deal 0"):
        dd_tables([42])
    with pytest.raises(CardcoreError, match="engine"):
        dd_tables(DEALS[:1], engine="spark")


def test_ray_engine_equals_local(reference):
    import ray

    ray.init(num_cpus=2, include_dashboard=False, logging_level="warning")
    try:
        assert dd_tables(DEALS, engine="ray") == reference
    finally:
        ray.shutdown()


def _endplay_check(text, deals):
    """Read ``cardcore dd`` output with endplay and compare with endplay's DDS."""
    from endplay.dds import calc_dd_table
    from endplay.parsers import pbn
    from endplay.types import Denom, Player

    denoms = {"NT": Denom.nt, "S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds,
              "C": Denom.clubs}
    boards = pbn.loads(text)
    assert len(boards) == len(deals)
    for board, deal in zip(boards, deals):
        assert Deal.from_pbn(board.deal.to_pbn()) == deal
        table = board.info["OptimumResultTable"]
        names = [h if isinstance(h, str) else h["name"] for h in table["headers"]]
        assert names == ["Declarer", "Denomination", "Result"]
        assert len(table["rows"]) == 20
        dds = calc_dd_table(board.deal)
        for declarer, strain, tricks in table["rows"]:
            assert dds[denoms[strain], Player.find(declarer)] == int(tricks)


def test_cli_dd_pbn_file_read_back_by_endplay(tmp_path, capsys):
    src = _pbn_file(tmp_path / "deals.pbn", DEALS)
    out = tmp_path / "tables.pbn"
    assert main(["dd", str(src), "--out", str(out), "--workers", "2", "-q"]) == 0
    text = out.read_text()
    _endplay_check(text, DEALS)
    assert text.count('[Auction "E"]') == len(DEALS)  # the games keep their own tags
    # solving the output again replaces the old tables: the same text
    again = tmp_path / "again.pbn"
    assert main(["dd", str(out), "--out", str(again), "--workers", "2", "-q"]) == 0
    assert again.read_text() == text
    # to standard output
    assert main(["dd", str(src), "--workers", "1", "-q"]) == 0
    assert capsys.readouterr().out == text


def test_cli_dd_lin_file_read_back_by_endplay(tmp_path):
    src = _lin_file(tmp_path / "deals.lin", DEALS[:4])
    out = tmp_path / "lin.pbn"
    assert main(["dd", str(src), "--out", str(out), "-q"]) == 0
    text = out.read_text()
    _endplay_check(text, DEALS[:4])
    assert '[Board "3"]' in text and '[Vulnerable "EW"]' in text
    records = read_deal_file(src)
    assert [r.dealer for r in records] == ["S", "W", "N", "E"]


def test_malformed_deal_files_are_clear_errors(tmp_path, capsys):
    bad = tmp_path / "bad.pbn"
    cases = {
        "this is not a deal file\n": "not a PBN tag",
        '[Board "1"]\n[Deal "N:AKQ.T98.76.5432 - - -"]\n': "line 2:",
        '[Board "1"]\n[Dealer "N"]\n\n': r"no \[Deal",
        '[Board "1"]\n[Deal "N:AKQ2.T98.76.5432 JT9.AKQ.AKQ.AKQJ 8765.765.JT98.T9 '
        '43.J432.5432.87"]\n': "line 2:",
        "": "no deal found",
    }
    for text, message in cases.items():
        bad.write_text(text)
        with pytest.raises(FormatError, match=message):
            read_deal_file(bad)
        out = tmp_path / "out.pbn"
        assert main(["dd", str(bad), "--out", str(out), "-q"]) == 2
        assert "cardcore: error:" in capsys.readouterr().err and not out.exists()
    lin = tmp_path / "bad.lin"
    lin.write_text("pn|a,b,c,d|md|1SAKQ,SJT9,S876,|\n")
    with pytest.raises(FormatError, match="bad.lin"):
        read_deal_file(lin)
    assert main(["dd", str(tmp_path / "missing.pbn")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_pbn_errors_name_the_line_of_the_bad_tag():
    # the reported case: a bad [Deal] on line 16 of a game starting on line 13
    good = [f'[Event "e"]\n[Board "{k}"]\n[Deal "{DEALS[k].to_pbn()}"]\n' for k in range(3)]
    bad = ('[Event "e"]\n[Site "s"]\n[Board "4"]\n'
           '[Deal "N:AKQ.T98.76.5432 - - -"]\n')
    text = "\n".join(good) + "\n" + bad
    lines = text.splitlines()
    assert lines[12] == '[Event "e"]' and lines[15].startswith("[Deal")
    with pytest.raises(FormatError, match=r"^<pbn>: line 16: PBN deal .*full deal"):
        parse_pbn_file(text)
    # a short hand, a duplicated card: the Deal tag's line too
    dup = DEALS[0].to_pbn().split(" ")
    dup[1] = dup[0]
    for deal in (" ".join(dup), "N:AKQ"):
        t = "\n".join(good) + '\n; a comment\n[Board "9"]\n{ a\nlong comment }\n' \
            + f'[Deal "{deal}"]\n'
        want = t.splitlines().index(f'[Deal "{deal}"]') + 1
        with pytest.raises(FormatError, match=rf"line {want}: "):
            parse_pbn_file(t)
    # a '#' with nothing before it: that tag's line; a game without a Deal: its lines
    with pytest.raises(FormatError, match=r"line 3: tag dealer is '#'"):
        parse_pbn_file('[Event "e"]\n[Board "1"]\n[Dealer "#"]\n' + good[0][11:])
    with pytest.raises(FormatError, match=r"line 5: this game \(lines 5-7\) has no \[Deal"):
        parse_pbn_file(good[0] + '\n[Event "e"]\n[Board "2"]\n[Dealer "N"]\n')


def test_lin_errors_name_the_line_of_the_bad_tag(tmp_path):
    from cardcore.bridge.lin import _tokens_at

    assert _tokens_at("pn|a,b|\nmd|3SAK,\nS2,|\n\nsv|o|") == [
        ("pn", "a,b", 1), ("md", "3SAK,S2,", 2), ("sv", "o", 5)]
    good = "".join(f"qx|o{k}|md|{deal_to_md(DEALS[k])}|sv|o|\n" for k in range(3))
    for tail, pattern in (("qx|o4|md|1SAKQ,SJT9,S876,|\n", r"line 4: deal 4: LIN md"),
                          ("\nsv|q|\n", r"line 5: deal 3: sv 'q'"),
                          ("md|1SA|sv\n", r"line 4: tag 'sv' has no value")):
        path = tmp_path / "bad.lin"
        path.write_text(good + tail)
        with pytest.raises(FormatError, match=pattern):
            read_deal_file(path)


def test_pbn_reader_repeats_hash_values_and_keeps_sections():
    text = ('[Event "x"]\n[Board "1"]\n[Deal "' + DEALS[0].to_pbn() + '"]\n'
            '[OptimumResultTable "Declarer;Denomination\\\\2R;Result\\\\2R"]\nN NT 1\n\n'
            '[Event "#"]\n[Board "2"]\n[Deal "#"]\n\n')
    records = parse_pbn_file(text)
    assert [r.deal for r in records] == [DEALS[0], DEALS[0]]
    out = to_pbn(records, [dd_table(DEALS[0], threads=1)] * 2)
    assert out.count("OptimumResultTable") == 2 and "N NT 1\n" not in out


def test_console_script_dd(tmp_path):
    src = _pbn_file(tmp_path / "one.pbn", DEALS[:1])
    p = subprocess.run([sys.executable, "-m", "cardcore", "dd", str(src)], capture_output=True,
                       text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert "[OptimumResultTable" in p.stdout and "1 deals solved" in p.stderr


def test_dd_tables_progress_line_and_eta(capsys, reference):
    from cardcore.simulate import Progress

    for workers in (1, 2):
        got: list = []
        assert dd_tables(DEALS[:4], workers=workers, progress=got.append) == reference[:4]
        assert all(isinstance(p, Progress) for p in got)
        assert [p.done for p in got] == sorted(p.done for p in got) and got[-1].done == 4
        assert all(p.total == 4 for p in got) and got[-1].eta == 0.0
        mid = [p for p in got if 0 < p.done < 4]
        assert mid and all(0 < p.eta < 1e6 and p.rate > 0 for p in mid)
    capsys.readouterr()
    assert dd_tables(DEALS[:3], workers=2, progress=True) == reference[:3]
    err = capsys.readouterr().err
    assert "3/3 deals (100%)" in err and "deals/s" in err and "left" in err
    with pytest.raises(CardcoreError, match="progress"):
        dd_tables(DEALS[:1], progress="yes")


def test_cli_dd_shows_the_progress_line(tmp_path):
    src = _pbn_file(tmp_path / "three.pbn", DEALS[:3])
    p = subprocess.run([sys.executable, "-m", "cardcore", "dd", str(src), "--workers", "2",
                        "--out", str(tmp_path / "o.pbn")], capture_output=True, text=True,
                       timeout=300)
    assert p.returncode == 0, p.stderr
    assert "3/3 deals (100%)" in p.stderr and "deals/s" in p.stderr and "left" in p.stderr
    assert "3 deals solved" in p.stderr
