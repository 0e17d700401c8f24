"""LIN in and out: deal, vulnerability, auction and play, round trips, malformed input."""

import pytest

import cardcore
from cardcore import FormatError
from cardcore.agents import RandomAgent
from cardcore.bridge import Deal
from cardcore.bridge.lin import deal_to_md, from_lin, parse_lin, to_lin

# a hand-written LIN deal: dealer South (1), E-W vulnerable, 4S by South, two tricks played
LIN = (
    "pn|Ann,Bob,Cat,Dan|st||md|1SAKQJ2HAK2D32C432,S543HQJT9DKQJCKQJ,ST76H8765DA54CA98,|"
    "rh||ah|Board 7|sv|e|mb|1S|mb|p|mb|3S!|an|limit raise|mb|p|mb|4S|mb|p|mb|p|mb|p|pg||"
    "pc|HQ|pc|H5|pc|H3|pc|HK|pg||pc|S2|pc|S3|pc|ST|pc|S8|pg||mc|11|"
)


def test_parse_hand_written_lin():
    rec = parse_lin(LIN)
    assert rec.names == ["Ann", "Bob", "Cat", "Dan"] and rec.board == "Board 7"
    assert rec.dealer == 0 and rec.vulnerability == "ew"
    assert rec.deal.to_pbn("S").startswith("S:AKQJ2.AK2.32.432 543.QJT9.KQJ.KQJ T76.8765.A54.A98")
    # the fourth hand (East) is the remaining cards
    assert len(rec.deal.hand("E")) == 13
    assert rec.calls == ["1S", "pass", "3S", "pass", "4S", "pass", "pass", "pass"]
    assert len(rec.plays) == 8 and rec.claim == 11


def test_from_lin_replays_the_deal():
    s = from_lin(LIN)
    assert s.contract == "4S" and s.declarer == 0 and s.vulnerability == "ew"
    assert len(s.tricks) == 2 and s.tricks[0]["winner"] == 0  # South's king of hearts
    assert s.tricks[1]["winner"] == 2  # North's ten of spades
    # North (dummy) is on lead: South chooses
    assert s.claim == 11 and s.current_player == 0 and s.playing_hand == 2


def test_round_trip_random_games():
    for seed in range(8):
        vul = ("none", "ns", "ew", "both")[seed % 4]
        s = cardcore.new_game("bridge", seed=seed, vulnerability=vul)
        agent = RandomAgent(seed=seed)
        steps = 0
        while not s.is_over and steps < 60 + 5 * seed:
            s.apply(agent.act(s))
            steps += 1
        text = to_lin(s, names=["s", "w", "n", "e"], board=f"Board {seed}")
        t = from_lin(text)
        assert t.calls == s.calls and t.tricks == s.tricks and t.hands == s.hands
        assert t.vulnerability == vul and to_lin(t, names=["s", "w", "n", "e"],
                                                   board=f"Board {seed}") == text
        if s.is_over:
            assert t.scores() == s.scores()


def test_lin_writes_bbo_call_and_card_spellings():
    s = cardcore.new_game("bridge", seed=5)
    for c in ["1NT", "X", "XX", "pass", "pass", "pass"]:
        s.apply(c)
    s.apply(s.legal_actions()[0])
    text = to_lin(s)
    assert "mb|1N|mb|d|mb|r|mb|p|mb|p|mb|p|" in text
    assert text.startswith("md|1") and "sv|o|" in text
    pc = text.split("pc|")[1].split("|")[0]
    assert pc[0] in "SHDC" and len(pc) == 2
    assert deal_to_md(s.deal(), 0) in text


def test_other_dealer_and_deal_md():
    d = Deal.random(3)
    text = "md|3" + deal_to_md(d)[1:] + "|sv|b|mb|p|mb|1H|"
    s = from_lin(text)
    assert s.dealer == 2 and s.calls == ["pass", "1H"] and s.current_player == 0
    assert s.deal() == d and s.vulnerability == "both"


@pytest.mark.parametrize("bad", [
    "", "sv|o|", "md|9SAK,,,|", "md|1SAKQ|",
    "md|1SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|mb|zz|",
    "md|1SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|pc|S1|",
    "md|1SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|mb|1S|mb|1C|",
    "md|1SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|pc|SA|",
    "md|1SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|sv|q|",
    "md|1SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|mc|x|",
    "md|1SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|mb",
    "md|1SAAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|",
    12,
])
def test_malformed_lin(bad):
    with pytest.raises(FormatError):
        from_lin(bad)
