<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="walls" tilewidth="16" tileheight="16" tilecount="5" columns="5">
 <image source="tiled_tiles.png" width="80" height="16"/>
 <tile id="0" type="wall">
  <objectgroup draworder="index" id="2">
   <object id="1" x="0" y="0" width="16" height="16"/>
  </objectgroup>
 </tile>
 <tile id="1" type="half-block">
  <objectgroup draworder="index" id="2">
   <object id="1" x="0" y="8" width="16" height="8"/>
  </objectgroup>
 </tile>
 <tile id="2" type="slope">
  <objectgroup draworder="index" id="2">
   <object id="1" x="0" y="0">
    <polygon points="16,0 16,16 0,16"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="3" type="pillar">
  <objectgroup draworder="index" id="2">
   <object id="1" x="2" y="2" width="12" height="12">
    <ellipse/>
   </object>
  </objectgroup>
 </tile>
 <tile id="4" type="crate">
  <properties>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
</tileset>
