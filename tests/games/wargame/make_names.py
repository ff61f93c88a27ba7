"""Generates games/wargame/locales/names.toml from the data, once (run by hand, not a test):

    python tests/games/wargame/make_names.py   # needs `opencc` and `hanja` from PyPI

Japanese: the data's kanji, with the reading (the data's for areas, ours for generals).
Traditional and Simplified Chinese: OpenCC's jp2t and t2s. Korean: hangul (checked by hand,
since the initial-sound rule and readings like 諸葛 제갈 need it) with the hanja. English: the
data's names. The output was read through by hand; tests/games/wargame/test_wargame_texts.py
checks every id of the data has its five names.
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "games" / "wargame" / "data" / "designed.json"
OUT = ROOT / "games" / "wargame" / "locales" / "names.toml"


def _table(text: str) -> dict[str, str]:
    """`id:name id:name …` as a dict."""
    return dict(pair.split(":") for pair in text.split())  # type: ignore[misc]


JA_READING = _table("""
dong_zhuo:とうたく lu_bu:りょふ li_ru:りじゅ hua_xiong:かゆう zhang_liao:ちょうりょう
gao_shun:こうじゅん li_jue:りかく guo_si:かくし jia_xu:かく zhang_ji:ちょうさい
chen_gong:ちんきゅう zhang_xiu:ちょうしゅう yuan_shao:えんしょう yan_liang:がんりょう
wen_chou:ぶんしゅう tian_feng:でんぽう ju_shou:そじゅ shen_pei:しんぱい zhang_he:ちょうこう
gao_lan:こうらん yuan_tan:えんたん yuan_shang:えんしょう cao_cao:そうそう xiahou_dun:かこうとん
xiahou_yuan:かこうえん cao_ren:そうじん cao_hong:そうこう yue_jin:がくしん li_dian:りてん
dian_wei:てんい xu_chu:きょちょ xun_yu:じゅんいく cheng_yu:ていいく yu_jin:うきん
xun_you:じゅんゆう guo_jia:かくか xu_huang:じょこう zhong_yao:しょうよう cao_pi:そうひ
sima_yi:しばい cao_zhen:そうしん cao_xiu:そうきゅう guo_huai:かくわい cao_rui:そうえい
sun_jian:そんけん cheng_pu:ていふ huang_gai:こうがい han_dang:かんとう sun_ce:そんさく
taishi_ci:たいしじ sun_quan:そんけん zhou_yu:しゅうゆ zhang_zhao:ちょうしょう zhou_tai:しゅうたい
lu_meng:りょもう lu_su:ろしゅく gan_ning:かんねい zhuge_jin:しょかつきん ling_tong:りょうとう
xu_sheng:じょせい ding_feng:ていほう zhu_ran:しゅぜん lu_xun:りくそん gongsun_zan:こうそんさん
tian_kai:でんかい gongsun_xu:こうそんぞく zhao_yun:ちょううん tao_qian:とうけん cao_bao:そうひょう
mi_zhu:びじく chen_deng:ちんとう sun_qian:そんけん liu_bei:りゅうび guan_yu:かんう
zhang_fei:ちょうひ jian_yong:かんよう guan_ping:かんぺい xu_shu:じょしょ
zhuge_liang:しょかつりょう liu_feng:りゅうほう pang_tong:ほうとう ma_liang:ばりょう
ma_su:ばしょく huang_zhong:こうちゅう wei_yan:ぎえん liu_shan:りゅうぜん jiang_wan:しょうえん
wang_ping:おうへい deng_zhi:とうし guan_xing:かんこう zhang_bao:ちょうほう fei_yi:ひい
jiang_wei:きょうい meng_huo:もうかく liu_biao:りゅうひょう cai_mao:さいぼう kuai_liang:かいりょう
kuai_yue:かいえつ wen_pin:ぶんぺい huang_zu:こうそ liu_qi:りゅうき liu_cong:りゅうそう
liu_yan:りゅうえん liu_zhang:りゅうしょう zhang_ren:ちょうじん wu_yi:ごい yan_yan:げんがん
huang_quan:こうけん zhang_song:ちょうしょう fa_zheng:ほうせい meng_da:もうたつ li_yan:りげん
liu_xun:りゅうじゅん yuan_shu:えんじゅつ ji_ling:きれい zhang_xun:ちょうくん yang_hong:ようこう
qiao_rui:きょうずい yuan_yin:えんいん ma_teng:ばとう pang_de:ほうとく han_sui:かんすい
ma_chao:ばちょう ma_dai:ばたい zhang_lu:ちょうろ zhang_wei:ちょうえい yan_pu:えんぽ
kong_rong:こうゆう zang_ba:ぞうは
""")

KO = _table("""
dong_zhuo:동탁 lu_bu:여포 li_ru:이유 hua_xiong:화웅 zhang_liao:장료 gao_shun:고순 li_jue:이각
guo_si:곽사 jia_xu:가후 zhang_ji:장제 chen_gong:진궁 zhang_xiu:장수 yuan_shao:원소 yan_liang:안량
wen_chou:문추 tian_feng:전풍 ju_shou:저수 shen_pei:심배 zhang_he:장합 gao_lan:고람 yuan_tan:원담
yuan_shang:원상 cao_cao:조조 xiahou_dun:하후돈 xiahou_yuan:하후연 cao_ren:조인 cao_hong:조홍
yue_jin:악진 li_dian:이전 dian_wei:전위 xu_chu:허저 xun_yu:순욱 cheng_yu:정욱 yu_jin:우금
xun_you:순유 guo_jia:곽가 xu_huang:서황 zhong_yao:종요 cao_pi:조비 sima_yi:사마의 cao_zhen:조진
cao_xiu:조휴 guo_huai:곽회 cao_rui:조예 sun_jian:손견 cheng_pu:정보 huang_gai:황개 han_dang:한당
sun_ce:손책 taishi_ci:태사자 sun_quan:손권 zhou_yu:주유 zhang_zhao:장소 zhou_tai:주태 lu_meng:여몽
lu_su:노숙 gan_ning:감녕 zhuge_jin:제갈근 ling_tong:능통 xu_sheng:서성 ding_feng:정봉 zhu_ran:주연
lu_xun:육손 gongsun_zan:공손찬 tian_kai:전해 gongsun_xu:공손속 zhao_yun:조운 tao_qian:도겸
cao_bao:조표 mi_zhu:미축 chen_deng:진등 sun_qian:손건 liu_bei:유비 guan_yu:관우 zhang_fei:장비
jian_yong:간옹 guan_ping:관평 xu_shu:서서 zhuge_liang:제갈량 liu_feng:유봉 pang_tong:방통
ma_liang:마량 ma_su:마속 huang_zhong:황충 wei_yan:위연 liu_shan:유선 jiang_wan:장완 wang_ping:왕평
deng_zhi:등지 guan_xing:관흥 zhang_bao:장포 fei_yi:비의 jiang_wei:강유 meng_huo:맹획 liu_biao:유표
cai_mao:채모 kuai_liang:괴량 kuai_yue:괴월 wen_pin:문빙 huang_zu:황조 liu_qi:유기 liu_cong:유종
liu_yan:유언 liu_zhang:유장 zhang_ren:장임 wu_yi:오의 yan_yan:엄안 huang_quan:황권 zhang_song:장송
fa_zheng:법정 meng_da:맹달 li_yan:이엄 liu_xun:유순 yuan_shu:원술 ji_ling:기령 zhang_xun:장훈
yang_hong:양홍 qiao_rui:교유 yuan_yin:원윤 ma_teng:마등 pang_de:방덕 han_sui:한수 ma_chao:마초
ma_dai:마대 zhang_lu:장로 zhang_wei:장위 yan_pu:염포 kong_rong:공융 zang_ba:장패
""")

NATION_KO = {"dong": "동탁(董卓)", "yuanshao": "원소(袁紹)", "cao": "조조·위(曹操·魏)",
             "sun": "손견·오(孫堅·吳)", "gongsun": "공손찬(公孫瓚)",
             "tao": "도겸→유비·촉(陶謙→劉備·蜀)", "liubiao": "유표(劉表)", "liuyan": "유언(劉焉)",
             "yuanshu": "원술(袁術)", "ma": "마등(馬騰)", "zhanglu": "장로(張魯)"}
KO_FIX = {"낭사": "낭야"}  # 琅邪 reads 낭야


def trad(text: str, converter: object) -> str:
    """OpenCC's jp2t keeps a few Japanese forms: 呉 晋 内 are 吳 晉 內 in Traditional."""
    out = converter.convert(text)  # type: ignore[attr-defined]
    out = out.replace("呉", "吳").replace("晋", "晉").replace("内", "內")
    return out.replace("晄", "晃").replace("眞", "真").replace("衞", "衛")  # 徐晃 曹真 張衛


def simp(text: str, converter: object) -> str:
    """t2s misreads two names: 孫乾 is 孙乾 (not 孙干), 鍾繇 is 钟繇."""
    out = converter.convert(text)  # type: ignore[attr-defined]
    return out.replace("孙干", "孙乾").replace("锺", "钟")


def quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def main() -> None:
    import hanja  # type: ignore[import-not-found]
    import opencc  # type: ignore[import-not-found]

    to_trad, to_simp = opencc.OpenCC("jp2t"), opencc.OpenCC("t2s")
    data = json.loads(DATA.read_text(encoding="utf-8"))
    lines = ["# Names of the wargame's areas, nations and generals (Terms), generated once from",
             "# games/wargame/data/designed.json by tests/games/wargame/make_names.py, then read",
             "# through by hand. Japanese: kanji (reading); Korean: hangul (hanja).", ""]

    def entry(key: str, en: str, ko: str, cn: str, tw: str, ja: str) -> None:
        lines.extend([f'["{key}"]', f"en = {quoted(en)}", f"ko = {quoted(ko)}",
                      f"zh-CN = {quoted(cn)}", f"zh-TW = {quoted(tw)}", f"ja = {quoted(ja)}", ""])

    for a in data["areas"]:
        tw = trad(a["name_ja"], to_trad)
        ko = hanja.translate(tw, "substitution")
        ko = KO_FIX.get(ko, ko)
        entry(f"wargame.area.{a['id']}", a["name_en"], f"{ko}({tw})", simp(tw, to_simp), tw,
              f"{a['name_ja']}（{a['reading']}）")
    for n in data["nations"]:
        tw = trad(n["name_ja"], to_trad)
        entry(f"wargame.nation.{n['id']}", n["name_en"], NATION_KO[n["id"]],
              simp(tw, to_simp), tw, n["name_ja"])
    for g in data["generals"]:
        tw = trad(g["name_ja"], to_trad)
        entry(f"wargame.general.{g['id']}", g["name_en"], f"{KO[g['id']]}({tw})",
              simp(tw, to_simp), tw, f"{g['name_ja']}（{JA_READING[g['id']]}）")
    OUT.write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
